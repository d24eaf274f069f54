import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { bankingKeys } from './keys';
import {
  sandboxClockSchema,
  sandboxCompleteSchema,
  sandboxInstitutionSchema,
  sandboxSessionSchema,
  sandboxStatementSchema,
} from './schemas';

/** `GET /sandbox/bank-link/institutions?query&linkToken`: the sandbox provider's institutions. */
export const useSandboxInstitutions = (linkToken: string, query: string) =>
  useQuery({
    queryKey: bankingKeys.institutions(linkToken, query),
    queryFn: ({ signal }) =>
      api.get('/sandbox/bank-link/institutions', {
        query: { query: query || undefined, linkToken },
        schema: z.array(sandboxInstitutionSchema),
        signal,
      }),
    staleTime: 5 * 60_000,
    refetchInterval: false,
  });

export type SandboxSignInInput = {
  linkToken: string;
  institutionId: string;
  username: string;
  password: string;
};

/** `POST /sandbox/bank-link/sessions`: signs in at the sandbox bank; answers its accounts. */
export const useSandboxSignIn = () =>
  useMutation({
    mutationFn: (input: SandboxSignInInput) =>
      api.post('/sandbox/bank-link/sessions', input, { schema: sandboxSessionSchema }),
  });

/** `POST /sandbox/bank-link/sessions/{sessionId}/complete {accountIds}`: the public token. */
export const useSandboxComplete = () =>
  useMutation({
    mutationFn: ({ sessionId, accountIds }: { sessionId: string; accountIds: string[] }) =>
      api.post(
        `/sandbox/bank-link/sessions/${encodeURIComponent(sessionId)}/complete`,
        { accountIds },
        { schema: sandboxCompleteSchema },
      ),
  });

/** `GET /sandbox/bank/statement?accountId`: what the sandbox bank shows for one account. */
export const useSandboxStatement = (accountId: string) =>
  useQuery({
    queryKey: bankingKeys.statement(accountId),
    queryFn: ({ signal }) =>
      api.get('/sandbox/bank/statement', { query: { accountId }, schema: sandboxStatementSchema, signal }),
    enabled: accountId !== '',
  });

/** `POST /sandbox/clock/advance {businessDays}`: moves the sandbox bank's clock; due transfers settle. */
export const useAdvanceSandboxClock = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (businessDays: number) =>
      api.post('/sandbox/clock/advance', { businessDays }, { schema: sandboxClockSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['banking'] }),
  });
};
