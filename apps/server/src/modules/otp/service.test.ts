import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { messages } from '../notifications/tables.js';
import { generateCode, sendOtp, verifyOtp } from './service.js';
import { otpRequests } from './tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OTP_DAILY_LIMIT: '4' } });
});
afterAll(() => t.close());

async function latestMessageTo(to: string) {
  const [row] = await t.database.db
    .select()
    .from(messages)
    .where(eq(messages.to, to))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  if (!row) throw new Error(`no message to ${to}`);
  return row;
}

async function codeSentTo(to: string): Promise<string> {
  const match = /\b(\d{6})\b/.exec((await latestMessageTo(to)).text);
  if (!match?.[1]) throw new Error('no code in message');
  return match[1];
}

const later = (seconds: number) => t.clock.advance(seconds * 1000);

describe('sendOtp', () => {
  it('mails a 6-digit code with an HTML and text body, and stores only its hash', async () => {
    const user = await makeUser(t.context);
    const sent = await sendOtp(t.context, {
      userId: user.id,
      purpose: 'EMAIL_VERIFICATION',
      channel: 'email',
      destination: user.email,
    });
    const mail = await latestMessageTo(user.email);
    const code = await codeSentTo(user.email);
    expect(mail.subject).toBe(`Your Ferry verification code: ${code}`);
    expect(mail.html).toContain(code);
    expect(mail.text).toContain('expires in 10 minutes');
    const [row] = await t.database.db.select().from(otpRequests).where(eq(otpRequests.id, sent.requestId));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(sent.expiresAt.getTime() - t.clock.now().getTime()).toBe(10 * 60_000);
  });

  it('texts a code to a phone', async () => {
    const user = await makeUser(t.context);
    await sendOtp(t.context, {
      userId: user.id,
      purpose: 'SIGN_IN',
      channel: 'sms',
      destination: '+14155550100',
    });
    const sms = await latestMessageTo('+14155550100');
    expect(sms.channel).toBe('sms');
    expect(sms.text).toMatch(/^\d{6} is your Ferry code to sign in\./);
  });

  it('enforces the 90-second resend wait and voids the earlier code on resend', async () => {
    const user = await makeUser(t.context);
    const first = await sendOtp(t.context, {
      userId: user.id,
      purpose: 'EMAIL_VERIFICATION',
      channel: 'email',
      destination: user.email,
    });
    const firstCode = await codeSentTo(user.email);
    later(30);
    await expect(
      sendOtp(t.context, {
        userId: user.id,
        purpose: 'EMAIL_VERIFICATION',
        channel: 'email',
        destination: user.email,
      }),
    ).rejects.toMatchObject({
      errorCode: 'OTP_RESEND_TOO_SOON',
      statusCode: 429,
      headers: { 'retry-after': '60' },
    });
    later(60);
    const second = await sendOtp(t.context, {
      userId: user.id,
      purpose: 'EMAIL_VERIFICATION',
      channel: 'email',
      destination: user.email,
    });
    const secondCode = await codeSentTo(user.email);
    await expect(
      verifyOtp(t.context, { requestId: first.requestId, code: firstCode, purpose: 'EMAIL_VERIFICATION' }),
    ).rejects.toMatchObject({
      errorCode: 'INVALID_OTP',
      message: 'Invalid OTP',
    });
    await expect(
      verifyOtp(t.context, { requestId: second.requestId, code: secondCode, purpose: 'EMAIL_VERIFICATION' }),
    ).resolves.toBeTruthy();
  });

  it('caps the codes sent per user and per destination in a day', async () => {
    const user = await makeUser(t.context);
    for (let i = 0; i < 4; i += 1) {
      await sendOtp(t.context, {
        userId: user.id,
        purpose: 'SIGN_IN',
        channel: 'sms',
        destination: '+14155550111',
      });
      later(91);
    }
    await expect(
      sendOtp(t.context, {
        userId: user.id,
        purpose: 'SIGN_IN',
        channel: 'sms',
        destination: '+14155550111',
      }),
    ).rejects.toMatchObject({ errorCode: 'OTP_DAILY_LIMIT', statusCode: 429 });
    // The same phone is capped for another account too.
    const other = await makeUser(t.context);
    await expect(
      sendOtp(t.context, {
        userId: other.id,
        purpose: 'SIGN_IN',
        channel: 'sms',
        destination: '+14155550111',
      }),
    ).rejects.toMatchObject({ errorCode: 'OTP_DAILY_LIMIT' });
    later(24 * 3600);
    await expect(
      sendOtp(t.context, {
        userId: user.id,
        purpose: 'SIGN_IN',
        channel: 'sms',
        destination: '+14155550111',
      }),
    ).resolves.toBeTruthy();
  });
});

describe('verifyOtp', () => {
  async function fresh(purpose: 'SIGN_IN' | 'EMAIL_VERIFICATION' = 'SIGN_IN') {
    const user = await makeUser(t.context);
    const sent = await sendOtp(t.context, {
      userId: user.id,
      purpose,
      channel: 'email',
      destination: user.email,
    });
    return { user, requestId: sent.requestId, code: await codeSentTo(user.email) };
  }

  it('accepts the right code once (single use)', async () => {
    const { user, requestId, code } = await fresh();
    const used = await verifyOtp(t.context, { requestId, code, purpose: 'SIGN_IN', userId: user.id });
    expect(used.consumedAt).toBeInstanceOf(Date);
    await expect(
      verifyOtp(t.context, { requestId, code, purpose: 'SIGN_IN', userId: user.id }),
    ).rejects.toMatchObject({ errorCode: 'INVALID_OTP' });
  });

  it('binds the code to its purpose and user', async () => {
    const { requestId, code } = await fresh('SIGN_IN');
    const stranger = await makeUser(t.context);
    await expect(
      verifyOtp(t.context, { requestId, code, purpose: 'EMAIL_VERIFICATION' }),
    ).rejects.toMatchObject({ errorCode: 'INVALID_OTP' });
    await expect(
      verifyOtp(t.context, { requestId, code, purpose: 'SIGN_IN', userId: stranger.id }),
    ).rejects.toMatchObject({
      errorCode: 'INVALID_OTP',
    });
  });

  it('voids the code after 5 wrong tries', async () => {
    const { requestId, code } = await fresh();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      await expect(
        verifyOtp(t.context, { requestId, code: wrong, purpose: 'SIGN_IN' }),
      ).rejects.toMatchObject({ errorCode: 'INVALID_OTP' });
    }
    await expect(verifyOtp(t.context, { requestId, code, purpose: 'SIGN_IN' })).rejects.toMatchObject({
      errorCode: 'INVALID_OTP',
    });
    const [row] = await t.database.db.select().from(otpRequests).where(eq(otpRequests.id, requestId));
    expect(row?.attempts).toBe(5);
    expect(row?.voidedAt).toBeInstanceOf(Date);
  });

  it('refuses a code after 10 minutes', async () => {
    const { requestId, code } = await fresh();
    later(10 * 60 + 1);
    await expect(verifyOtp(t.context, { requestId, code, purpose: 'SIGN_IN' })).rejects.toMatchObject({
      errorCode: 'OTP_EXPIRED',
    });
  });

  it('lets only one of two concurrent right answers through', async () => {
    const { requestId, code } = await fresh();
    const results = await Promise.allSettled([
      verifyOtp(t.context, { requestId, code, purpose: 'SIGN_IN' }),
      verifyOtp(t.context, { requestId, code, purpose: 'SIGN_IN' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

it('generates six digits, leading zeros kept', () => {
  for (let i = 0; i < 2000; i += 1) expect(generateCode()).toMatch(/^\d{6}$/);
});
