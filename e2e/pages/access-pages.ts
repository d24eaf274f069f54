import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** A person with a fresh work email and US mobile number for each journey. */
export function newPerson(tag: string) {
  const stamp = `${Date.now()}`.slice(-7);
  const local = `${stamp.slice(-4)}`;
  return {
    firstName: 'Jordan',
    lastName: 'Blake',
    email: `${tag}-${stamp}@harborcoffee.com`,
    phone: `415555${local}`,
    e164: `+1415555${local}`,
  };
}

export type Person = ReturnType<typeof newPerson>;

type OutboxItem = { id: string; subject?: string | null; text: string };

async function outboxFor(request: APIRequestContext, to: string): Promise<OutboxItem[]> {
  const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}&pageSize=10`);
  return (await answer.json()).data.items;
}

/** Ids of the messages the dev outbox already holds for an address (to tell the next one apart). */
export async function outboxMessageIds(request: APIRequestContext, to: string): Promise<string[]> {
  return (await outboxFor(request, to)).map((m) => m.id);
}

/**
 * The six-digit code of the newest message sent to an email address or an E.164 phone number, read from
 * the dev outbox, ignoring the messages in `seen`.
 */
export async function readCodeFromOutbox(
  request: APIRequestContext,
  to: string,
  seen: readonly string[] = [],
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await outboxFor(request, to)).filter((m) => !seen.includes(m.id));
        code = fresh.map((m) => /\b(\d{6})\b/.exec(`${m.subject ?? ''} ${m.text}`)?.[1]).find(Boolean);
        return code;
      },
      { message: `a new code for ${to} in the dev outbox`, timeout: 10_000 },
    )
    .toBeTruthy();
  return code as string;
}

/** The newest link the dev outbox holds for an address that matches `pattern`. */
export async function readLinkFromOutbox(
  request: APIRequestContext,
  to: string,
  pattern: RegExp,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}&pageSize=5`);
        const items: { text: string }[] = (await answer.json()).data.items;
        link = items.map((m) => pattern.exec(m.text)?.[0]).find((l) => l !== undefined);
        return link;
      },
      { message: `a link for ${to} in the dev outbox`, timeout: 10_000 },
    )
    .toBeTruthy();
  return link as string;
}

/** Types a code into the six boxes of a one-time-code dialog (the dialog submits by itself when full). */
export async function enterCode(dialog: Locator, code: string): Promise<void> {
  await dialog.getByLabel('Verification code, digit 1 of 6').click();
  await dialog.page().keyboard.type(code);
}

export class SignUpPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/signup');
  }

  async fill(person: { firstName: string; lastName: string; email: string; phone: string }) {
    await this.page.getByLabel('First name').fill(person.firstName);
    await this.page.getByLabel('Last name').fill(person.lastName);
    await this.page.getByLabel('Work email').fill(person.email);
    await this.page.getByLabel('Mobile number').fill(person.phone);
    await this.page
      .getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ })
      .check();
  }

  async submit() {
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }
}

export class VerifyPage {
  constructor(readonly page: Page) {}

  async verifyEmail(request: APIRequestContext, email: string) {
    await expect(this.page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    const seen = await outboxMessageIds(request, email);
    await this.page.getByRole('button', { name: 'Send code' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Verify Your Email' });
    await expect(dialog).toBeVisible();
    await enterCode(dialog, await readCodeFromOutbox(request, email, seen));
    await expect(dialog).toBeHidden();
  }

  async verifyPhone(request: APIRequestContext, e164: string) {
    await expect(this.page.getByRole('heading', { name: 'Verify your mobile number' })).toBeVisible();
    const seen = await outboxMessageIds(request, e164);
    await this.page.getByRole('button', { name: 'Send code' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Verify Your Mobile Number' });
    await expect(dialog).toBeVisible();
    await enterCode(dialog, await readCodeFromOutbox(request, e164, seen));
    await expect(dialog).toBeHidden();
  }
}

export class SetPasswordPage {
  constructor(readonly page: Page) {}

  async setPassword(password: string) {
    await expect(this.page).toHaveURL(/\/set-password$/);
    await this.page.getByRole('textbox', { name: 'Enter password', exact: true }).fill(password);
    await this.page.getByLabel('Re-enter password to confirm').fill(password);
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}

export class SelectAccountTypePage {
  constructor(readonly page: Page) {}

  async choose(name: RegExp) {
    await expect(this.page).toHaveURL(/\/select-account-type$/);
    await this.page.getByRole('radio', { name }).check();
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}

export class SignInPage {
  constructor(readonly page: Page) {}

  get codeDialog() {
    return this.page.getByRole('dialog', { name: 'Enter One-Time Password' });
  }

  async open(redirectUrl?: string) {
    await this.page.goto(redirectUrl ? `/signin?redirectUrl=${encodeURIComponent(redirectUrl)}` : '/signin');
  }

  async signIn(email: string, password: string) {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await expect(this.page.getByText('Please enter your email and password to continue')).toBeVisible();
    await this.page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}

/**
 * Signs a US business owner up through the API (the sign-up journey covers the screens): sign-up, email and
 * phone codes from the outbox, a password and the account type (SME_OWNER unless told). The API context keeps no session.
 */
export async function registerViaApi(
  request: APIRequestContext,
  tag: string,
  password: string,
  userType: 'SME_OWNER' | 'ACCOUNTANT' = 'SME_OWNER',
): Promise<Person & { session: { token: string; sessionId: string } }> {
  const person = newPerson(tag);
  const signUp = await request.post('/api/auth/users/sign-up', {
    data: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phones: [{ phoneNumber: person.phone, countryCode: '1', countryISOCode: 'us' }],
      country: 'US',
      recaptchaToken: 'e2e',
      isAgree: true,
    },
  });
  expect(signUp.status()).toBe(201);
  const { token, sessionId } = (await signUp.json()).data;
  const headers = { authorization: `Bearer ${token}`, 'session-id': sessionId };
  for (const [channel, to] of [
    ['email', person.email],
    ['phone', person.e164],
  ] as const) {
    const seen = await outboxMessageIds(request, to);
    const sent = await request.post(`/api/otp/${channel}`, { headers, data: { recaptchaToken: 'e2e' } });
    const { requestId } = (await sent.json()).data;
    const otp = await readCodeFromOutbox(request, to, seen);
    const verified = await request.post(`/api/otp/verify/${channel}`, {
      headers,
      data: { requestId, otp, recaptchaToken: 'e2e' },
    });
    expect(verified.status()).toBe(200);
  }
  const set = await request.post('/api/auth/set-password', {
    headers,
    data: { password, confirmPassword: password, recaptchaToken: 'e2e' },
  });
  expect(set.status()).toBe(200);
  // Setting the password replaces the sign-up session.
  const fresh = (await set.json()).data;
  const typed = await request.patch('/api/user', {
    headers: { authorization: `Bearer ${fresh.token}`, 'session-id': fresh.sessionId },
    data: { userType },
  });
  expect(typed.status()).toBe(200);
  return { ...person, session: { token: fresh.token as string, sessionId: fresh.sessionId as string } };
}
