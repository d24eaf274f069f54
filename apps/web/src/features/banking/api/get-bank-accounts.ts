import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { bankAccountsPath, bankingKeys } from './keys';
import { bankAccountViewSchema } from './schemas';

/**
 * `GET business/{id}/bank/accounts?blocked=true&unusable=true` (spec 002 §7): the business's own bank accounts,
 * expired, rejected and unusable ones included so that the list can say what happened to them.
 */
export const getBankAccounts = (businessId: string, signal?: AbortSignal) =>
  api.get(bankAccountsPath(businessId), {
    query: { blocked: true, unusable: true },
    schema: z.array(bankAccountViewSchema),
    ...(signal ? { signal } : {}),
  });

export const bankAccountsQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: bankingKeys.accounts(businessId),
    queryFn: ({ signal }) => getBankAccounts(businessId, signal),
  });

export const useBankAccounts = (businessId: string, options: { enabled?: boolean } = {}) =>
  useQuery({
    ...bankAccountsQueryOptions(businessId),
    enabled: businessId !== '' && (options.enabled ?? true),
  });
