import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { clientConfigQueryOptions, readClientConfig } from '@/lib/client-config';
import { bankingKeys, connectionPath } from './keys';
import {
  bankLinkProviderSchema,
  instantLinkResultSchema,
  linkTokenSchema,
  reconnectResultSchema,
} from './schemas';

/** `GET .../banking/connection/token`: a link token for the bank-link provider and which provider it is. */
export const getLinkToken = (businessId: string) =>
  api.get(connectionPath(businessId, '/token'), { schema: linkTokenSchema });

/** `GET .../banking/connection/reconnect-url?accountId&isMicroDeposit=true`: an update-mode link token. */
export const getReconnectToken = (businessId: string, bankAccountId: string) =>
  api.get(connectionPath(businessId, '/reconnect-url'), {
    query: { accountId: bankAccountId, isMicroDeposit: true },
    schema: linkTokenSchema,
  });

export type InstantLinkInput = { publicToken: string; institutionId: string };

/**
 * `GET .../banking/connection/plaid?tokenId&bankInstituteId`: exchanges the provider's public token and
 * stores the chosen accounts (nothing is stored for a blocked institution: `bankDenied`).
 */
export const useConnectInstantBank = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ publicToken, institutionId }: InstantLinkInput) =>
      api.get(connectionPath(businessId, '/plaid'), {
        query: { tokenId: publicToken, bankInstituteId: institutionId },
        schema: instantLinkResultSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankingKeys.accounts(businessId) }),
  });
};

/** `POST .../banking/connection/reconnect {accountId, publicToken}`. */
export const useReconnectBank = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bankAccountId, publicToken }: { bankAccountId: string; publicToken?: string }) =>
      api.post(
        connectionPath(businessId, '/reconnect'),
        { accountId: bankAccountId, ...(publicToken ? { publicToken } : {}) },
        { schema: reconnectResultSchema },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankingKeys.accounts(businessId) }),
  });
};

const bankLinkConfigSchema = z
  .object({ bankLink: z.object({ provider: bankLinkProviderSchema }).loose().nullish() })
  .loose();
const readBankLinkConfig = readClientConfig(bankLinkConfigSchema);

/**
 * The deployment's bank-link provider (`GET /client-config` → `bankLink.provider`); `null` while unknown.
 * Sandbox-only helpers (the sandbox bank statement) show only for 'sandbox'.
 */
export const useBankLinkProvider = () => {
  const query = useQuery({ ...clientConfigQueryOptions(), select: readBankLinkConfig });
  return query.data?.bankLink?.provider ?? null;
};
