import { describe, expect, it } from 'vitest';
import { createRecaptchaBotCheck, RECAPTCHA_VERIFY_URL } from './recaptcha.js';
import { createSandboxBotCheck } from './sandbox.js';

/** Answers recorded from the vendor's documented siteverify API. */
const RECORDED = {
  valid: {
    success: true,
    challenge_ts: '2026-11-02T15:00:00Z',
    hostname: 'ferry.example',
    score: 0.9,
    action: 'importantAction',
  },
  lowScore: {
    success: true,
    challenge_ts: '2026-11-02T15:00:00Z',
    hostname: 'ferry.example',
    score: 0.1,
    action: 'importantAction',
  },
  invalid: { success: false, 'error-codes': ['invalid-input-response'] },
  duplicate: { success: false, 'error-codes': ['timeout-or-duplicate'] },
};

function fakeFetch(answer: unknown, status = 200) {
  const calls: { url: string; body: string }[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), body: String(init?.body) });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

describe('reCAPTCHA adapter', () => {
  it('posts the secret, token and client address to siteverify and accepts a good answer', async () => {
    const { fetchImpl, calls } = fakeFetch(RECORDED.valid);
    const check = createRecaptchaBotCheck({ secret: 's3cret', fetchImpl });
    expect(await check.verify({ token: 'tok', action: 'importantAction', remoteIp: '203.0.113.9' })).toEqual({
      ok: true,
    });
    expect(calls[0]?.url).toBe(RECAPTCHA_VERIFY_URL);
    expect(new URLSearchParams(calls[0]?.body)).toEqual(
      new URLSearchParams({ secret: 's3cret', response: 'tok', remoteip: '203.0.113.9' }),
    );
  });

  it('refuses invalid, reused, low-score and wrong-action tokens', async () => {
    const verify = async (answer: unknown, action = 'importantAction') =>
      (
        await createRecaptchaBotCheck({ secret: 's', fetchImpl: fakeFetch(answer).fetchImpl }).verify({
          token: 't',
          action,
        })
      ).ok;
    expect(await verify(RECORDED.invalid)).toBe(false);
    expect(await verify(RECORDED.duplicate)).toBe(false);
    expect(await verify(RECORDED.lowScore)).toBe(false);
    expect(await verify(RECORDED.valid, 'login')).toBe(false);
  });

  it('fails closed when the vendor is unreachable or answers an error', async () => {
    const down = (async () => {
      throw new Error('ECONNREFUSED');
    }) as typeof fetch;
    expect((await createRecaptchaBotCheck({ secret: 's', fetchImpl: down }).verify({ token: 't' })).ok).toBe(
      false,
    );
    expect(
      (
        await createRecaptchaBotCheck({ secret: 's', fetchImpl: fakeFetch({}, 500).fetchImpl }).verify({
          token: 't',
        })
      ).ok,
    ).toBe(false);
    expect(
      (
        await createRecaptchaBotCheck({ secret: 's', fetchImpl: fakeFetch(RECORDED.valid).fetchImpl }).verify(
          { token: '' },
        )
      ).ok,
    ).toBe(false);
  });
});

describe('sandbox bot check', () => {
  it('accepts any token but sandbox-reject and the empty token', async () => {
    const check = createSandboxBotCheck();
    expect((await check.verify({ token: 'anything' })).ok).toBe(true);
    expect((await check.verify({ token: 'sandbox-reject' })).ok).toBe(false);
    expect((await check.verify({ token: '' })).ok).toBe(false);
  });
});
