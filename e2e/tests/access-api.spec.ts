import { expect, test } from '@playwright/test';

// The built server end to end: sign-up, the emailed code read from the dev outbox, verification.
test('a new user signs up and verifies their email with the code from the dev outbox', async ({
  request,
}) => {
  const email = `e2e-${Date.now()}@harborcoffee.com`;
  const signUp = await request.post('/api/auth/users/sign-up', {
    data: {
      firstName: 'Jordan',
      lastName: 'Blake',
      email,
      phones: [
        { phoneNumber: `415555${String(Date.now()).slice(-4)}`, countryCode: '1', countryISOCode: 'us' },
      ],
      country: 'US',
      recaptchaToken: 'e2e',
      isAgree: true,
    },
  });
  expect(signUp.status()).toBe(201);
  const { token, sessionId } = (await signUp.json()).data;
  const headers = { authorization: `Bearer ${token}`, 'session-id': sessionId };

  const sent = await request.post('/api/otp/email', { headers, data: { recaptchaToken: 'e2e' } });
  expect(sent.status()).toBe(200);
  const { requestId } = (await sent.json()).data;

  const outbox = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const [message] = (await outbox.json()).data.items;
  expect(message.subject).toMatch(/^Your Ferry verification code: \d{6}$/);
  const otp = /\d{6}/.exec(message.subject)?.[0];

  const verified = await request.post('/api/otp/verify/email', {
    headers,
    data: { requestId, otp, recaptchaToken: 'e2e' },
  });
  expect(verified.status()).toBe(200);
  const me = await request.get('/api/user', { headers });
  expect((await me.json()).data).toMatchObject({ email, isEmailVerified: true, activeStatus: 'PENDING' });
});
