import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { makeSignedInBusiness } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { syncNow } from './sync.js';
import { caller, connectSandboxBooks, runLatestSync } from './testing.js';

const logged: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    logged.push(String(chunk));
    done();
  },
});
const t = useTestApp({ env: { LOG_LEVEL: 'debug' }, logSink: sink });
const { call, answers } = caller(t);

describe('accounting secrets', () => {
  it('no access token, refresh token or authorization code reaches a log line or an API answer', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const codes: string[] = [];
    const recording: typeof call = async (method, url, options) => {
      const response = await call(method, url, options);
      const redirect = response.body.startsWith('{') ? response.json()?.data?.redirectUrl : undefined;
      if (typeof redirect === 'string') codes.push(new URL(redirect).searchParams.get('code') ?? '');
      return response;
    };
    const { company } = await connectSandboxBooks(t, headers, businessId, { call: recording });
    await runLatestSync(t, businessId);
    await call('POST', `/api/sandbox/books/companies/${company.id}/expire-tokens`, { headers });
    await syncNow(t.context, { businessId }).catch(() => undefined);
    await call('POST', `/api/business/${businessId}/disconnect/accounting-connection`, { headers });

    expect(codes.filter(Boolean)).toHaveLength(1);
    expect(logged.length).toBeGreaterThan(10);
    const everything = [...logged, ...answers].join('\n');
    expect(everything).not.toMatch(/sbx_(at|rt)_/);
    for (const code of codes.filter(Boolean)) expect(logged.join('\n')).not.toContain(code);
  });
});
