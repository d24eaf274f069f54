import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, SANDBOX_CLIENT_CONFIG } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { SANDBOX_PROVIDERS_MESSAGE, SandboxProvidersBanner } from './sandbox-providers-banner';

const routes = [{ path: '/', element: <SandboxProvidersBanner /> }];

describe('SandboxProvidersBanner', () => {
  it('says demo mode when production runs on the sandbox providers', async () => {
    mockApi({
      'GET /client-config': ok({ ...SANDBOX_CLIENT_CONFIG, sandbox: { rails: false, demo: true } }),
    });
    renderRoutes(routes, '/');
    expect(await screen.findByRole('status')).toHaveTextContent(SANDBOX_PROVIDERS_MESSAGE);
    expect(SANDBOX_PROVIDERS_MESSAGE).toBe(
      'Demo mode: this Ferry runs on sandbox providers. No real money moves.',
    );
  });

  it('shows nothing otherwise (a real deployment, or development)', async () => {
    const api = mockApi({
      'GET /client-config': ok({ ...SANDBOX_CLIENT_CONFIG, sandbox: { rails: true, demo: false } }),
    });
    renderRoutes(routes, '/');
    await waitFor(() => expect(api.callsTo('GET /client-config')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('sandbox-providers-banner')).not.toBeInTheDocument();
  });
});
