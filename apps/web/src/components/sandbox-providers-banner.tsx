import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { clientConfigQueryOptions, readClientConfig } from '@/lib/client-config';

const demoConfigSchema = z.object({ sandbox: z.object({ demo: z.boolean() }).loose().nullish() }).loose();
const readDemoConfig = readClientConfig(demoConfigSchema);

export const SANDBOX_PROVIDERS_MESSAGE =
  'Demo mode: this Ferry runs on sandbox providers. No real money moves.';

/**
 * A production deployment running on the sandbox providers (ALLOW_SANDBOX_PROVIDERS=true, a public demo:
 * `GET /client-config` → `sandbox.demo`) says so on every page, so nobody mistakes it for the real thing.
 * Nothing while unknown or false.
 */
export const SandboxProvidersBanner = () => {
  const query = useQuery({ ...clientConfigQueryOptions(), select: readDemoConfig });
  if (query.data?.sandbox?.demo !== true) return null;
  return (
    <Alert
      role="status"
      color="orange"
      variant="filled"
      radius={0}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      data-testid="sandbox-providers-banner"
      styles={{ root: { textAlign: 'center' } }}
    >
      {SANDBOX_PROVIDERS_MESSAGE}
    </Alert>
  );
};
