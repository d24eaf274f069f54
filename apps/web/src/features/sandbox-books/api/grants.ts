import { sandboxGrantSchema } from '@ferry/domain/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sandboxBooksKeys } from './keys';

const companyPath = (companyId: string) => `/sandbox/books/companies/${encodeURIComponent(companyId)}`;

/** `GET …/grants`: the connections (grants) made to a company. */
export const useSandboxGrants = (companyId: string) =>
  useQuery({
    queryKey: sandboxBooksKeys.grants(companyId),
    queryFn: ({ signal }) =>
      api.get(`${companyPath(companyId)}/grants`, { schema: z.array(sandboxGrantSchema), signal }),
  });

/** `POST …/expire-tokens`: every grant's tokens are refused from now on. */
export const useExpireSandboxTokens = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(`${companyPath(companyId)}/expire-tokens`, undefined, {
        schema: z.object({ expired: z.number().int() }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sandboxBooksKeys.grants(companyId) }),
  });
};
