import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { runsSandboxRails } from './routes.js';

// GET /api/client-config → sandbox.rails: whether the browser shows the "Sandbox" badge (the sandbox bank's clock).

describe('GET /api/client-config sandbox', () => {
  let sandbox: TestApp;
  let live: TestApp;
  beforeAll(async () => {
    sandbox = await createTestApp();
    live = await createTestApp({
      env: {
        RAILS_PROVIDER: 'modern-treasury',
        MODERN_TREASURY_API_KEY: 'test-key',
        MODERN_TREASURY_ORGANIZATION_ID: 'org-test',
        MODERN_TREASURY_INTERNAL_ACCOUNT_ID: 'ia-test',
        MODERN_TREASURY_BASE_URL: 'http://127.0.0.1:9',
      },
    });
  });
  afterAll(async () => {
    await sandbox.close();
    await live.close();
  });

  it('says the sandbox bank runs with the sandbox rails outside production, without signing in', async () => {
    const response = await sandbox.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.sandbox.rails).toBe(true);
  });

  it('says it does not with a real rails provider, whose sandbox clock is not mounted', async () => {
    const response = await live.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.json().data.sandbox.rails).toBe(false);
  });

  it('never says it does in production', () => {
    expect(runsSandboxRails(sandbox.context.providers.rails, true)).toBe(false);
    expect(runsSandboxRails(sandbox.context.providers.rails, false)).toBe(true);
    expect(runsSandboxRails(live.context.providers.rails, false)).toBe(false);
  });
});
