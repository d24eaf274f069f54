import type { FastifyInstance } from 'fastify';

/** Drives the sign-up calls through HTTP, reading codes from the dev outbox, as the browser would. */
export async function readCodeFromOutbox(app: FastifyInstance, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const text: string = res.json().data.items[0]?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the newest message to ${to}`);
  return code;
}

export async function signUpViaApi(
  app: FastifyInstance,
  options: {
    email: string;
    phoneNumber: string;
    countryISOCode?: string;
    countryCode?: string;
    country?: string;
  },
): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/users/sign-up',
    payload: {
      firstName: 'Riley',
      lastName: 'Chen',
      email: options.email,
      phones: [
        {
          phoneNumber: options.phoneNumber,
          countryCode: options.countryCode ?? '1',
          countryISOCode: options.countryISOCode ?? 'us',
        },
      ],
      country: options.country ?? 'US',
      recaptchaToken: 'ok',
      isAgree: true,
    },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  const { token, sessionId } = res.json().data;
  return { authorization: `Bearer ${token}`, 'session-id': sessionId };
}

/** Verifies the email (and the phone when `phone` is given) of a signed-up user. */
export async function verifyViaApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  options: { email: string; phoneE164?: string },
): Promise<void> {
  const steps: [string, string, string | undefined][] = [
    ['/api/otp/email', '/api/otp/verify/email', options.email],
    ['/api/otp/phone', '/api/otp/verify/phone', options.phoneE164],
  ];
  for (const [send, verify, to] of steps) {
    if (!to) continue;
    const sent = await app.inject({ method: 'POST', url: send, headers, payload: { recaptchaToken: 'ok' } });
    const otp = await readCodeFromOutbox(app, to);
    const res = await app.inject({
      method: 'POST',
      url: verify,
      headers,
      payload: { requestId: sent.json().data.requestId, otp, recaptchaToken: 'ok' },
    });
    if (res.statusCode !== 200) throw new Error(`${verify} failed: ${res.body}`);
  }
}
