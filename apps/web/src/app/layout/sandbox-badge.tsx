import { formatDate, isId, sandboxClockViewSchema } from '@ferry/domain';
import { Badge } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { bankAccountsQueryOptions } from '@/features/banking/api/get-bank-accounts';
import { api } from '@/lib/api-client';
import { clientConfigQueryOptions, readClientConfig } from '@/lib/client-config';
import { useHasSession } from '@/lib/use-has-session';
import { useActiveBusinessId } from '@/lib/use-stored-value';

const sandboxConfigSchema = z.object({ sandbox: z.object({ rails: z.boolean() }).loose().nullish() }).loose();
const readSandboxConfig = readClientConfig(sandboxConfigSchema);

/** Under `['banking']`, so moving the clock at the sandbox bank refreshes the badge too. */
export const SANDBOX_CLOCK_QUERY_KEY = ['banking', 'sandbox-clock'] as const;

/**
 * Whether this deployment runs the sandbox bank (`GET /client-config` → `sandbox.rails`): never in
 * production, never with real rails. `false` while unknown.
 */
const useSandboxRails = (): boolean => {
  const query = useQuery({ ...clientConfigQueryOptions(), select: readSandboxConfig });
  return query.data?.sandbox?.rails === true;
};

/**
 * The header's "Sandbox" badge, outside production with the sandbox rails only: the sandbox bank's
 * business date (its clock, `GET /sandbox/clock`, New York date) and a link to the sandbox bank, on the
 * business's primary (else first) bank account when it has one.
 */
export const SandboxBadge = () => {
  const signedIn = useHasSession();
  const sandbox = useSandboxRails();
  const params = useParams();
  const storedBusinessId = useActiveBusinessId();
  const businessId =
    (params.businessId && isId(params.businessId) ? params.businessId : null) ?? storedBusinessId;
  const on = signedIn && sandbox;
  const clock = useQuery({
    queryKey: SANDBOX_CLOCK_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/sandbox/clock', { schema: sandboxClockViewSchema, signal }),
    enabled: on,
    refetchInterval: 60_000,
  });
  const banks = useQuery({
    ...bankAccountsQueryOptions(businessId ?? ''),
    enabled: on && businessId !== null,
    retry: false,
  });
  if (!on) return null;

  // The server's New York date: no time-zone formatter is built here (its first use costs the page about 50 ms).
  const date = clock.data ? formatDate(clock.data.date) : null;
  const accountId = (banks.data?.find((bank) => bank.isPrimary) ?? banks.data?.[0])?.id;
  const href = accountId ? paths.sandboxBankStatement.getHref(accountId) : paths.sandboxBankStatement.path;
  return (
    <Badge
      component={Link}
      to={href}
      color="orange"
      variant="light"
      radius="sm"
      size="lg"
      tt="none"
      fw={600}
      leftSection={<IconFlask size={14} aria-hidden />}
      aria-label={
        date ? `Sandbox, sandbox date ${date}: open the sandbox bank` : 'Sandbox: open the sandbox bank'
      }
      title="Test mode: no real money moves. Open the sandbox bank to see its clock and statements."
      style={{ cursor: 'pointer' }}
      data-testid="sandbox-badge"
    >
      {date ? `Sandbox · ${date}` : 'Sandbox'}
    </Badge>
  );
};
