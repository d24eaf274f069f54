import { expect, test } from '@playwright/test';
import {
  enterCode,
  newPerson,
  outboxMessageIds,
  readCodeFromOutbox,
  readLinkFromOutbox,
  registerViaApi,
  SelectAccountTypePage,
  SetPasswordPage,
  SignInPage,
  SignUpPage,
  VerifyPage,
} from '../pages/access-pages';

const PASSWORD = 'Ferry-Journey-2026!';

test.describe.configure({ mode: 'serial' });

test('a new user signs up, verifies email and phone with codes from the outbox, sets a password, picks an account type and reaches onboarding', async ({
  page,
  request,
}) => {
  const person = newPerson('signup');
  const signUp = new SignUpPage(page);
  await signUp.open();
  await signUp.fill(person);
  await signUp.submit();

  await expect(page).toHaveURL(/\/verify$/);
  const verify = new VerifyPage(page);
  await verify.verifyEmail(request, person.email);
  await verify.verifyPhone(request, person.e164);

  await new SetPasswordPage(page).setPassword(PASSWORD);
  await new SelectAccountTypePage(page).choose(/I run a business/);

  await expect(page).toHaveURL(/\/onboard\/b\/add$/);
  await expect(page.getByRole('heading', { name: 'Tell us about your business' })).toBeVisible();
  const me = await page.request.get('/api/user');
  expect((await me.json()).data).toMatchObject({
    email: person.email,
    activeStatus: 'ACTIVE',
    userType: 'SME_OWNER',
    isEmailVerified: true,
    isPhoneNumberVerified: true,
  });
});

test('signing in from a new browser needs a code; a trusted device signs in again without one', async ({
  browser,
  request,
}) => {
  const person = await registerViaApi(request, 'trust', PASSWORD);
  const context = await browser.newContext();
  const page = await context.newPage();
  const signIn = new SignInPage(page);

  await signIn.open();
  const seen = await outboxMessageIds(request, person.e164);
  await signIn.signIn(person.email, PASSWORD);
  await expect(signIn.codeDialog).toBeVisible();
  await expect(signIn.codeDialog).toContainText(/\*\*\*/);
  await signIn.codeDialog.getByRole('checkbox', { name: 'Trust this device for 30 days' }).check();
  await enterCode(signIn.codeDialog, await readCodeFromOutbox(request, person.e164, seen));
  await expect(page).toHaveURL(/\/onboard\/b\/add$/);

  // Sign out: back to sign-in, the session is gone.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  expect((await page.request.get('/api/user')).status()).toBe(401);

  // Same browser (trusted device cookie): no code this time.
  await signIn.signIn(person.email, PASSWORD);
  await expect(page).toHaveURL(/\/onboard\/b\/add$/);
  await expect(signIn.codeDialog).toBeHidden();
  await context.close();

  // Another browser is still asked for a code.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const otherSignIn = new SignInPage(otherPage);
  await otherSignIn.open();
  await otherSignIn.signIn(person.email, PASSWORD);
  await expect(otherSignIn.codeDialog).toBeVisible();
  await other.close();
});

test('a user who forgot their password resets it from the emailed link and signs in with the new one', async ({
  page,
  request,
}) => {
  const person = await registerViaApi(request, 'reset', PASSWORD);
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const link = await readLinkFromOutbox(
    request,
    person.email,
    /https?:\/\/\S+\/reset-password\?token=[\w-]+/,
  );
  const newPassword = 'Harbor-Reset-2026?';
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: /Reset password/ }).click();
  await expect(page).toHaveURL(/\/signin/);

  const signIn = new SignInPage(page);
  await signIn.signIn(person.email, PASSWORD);
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  const seen = await outboxMessageIds(request, person.e164);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn.codeDialog).toBeVisible();
  await enterCode(signIn.codeDialog, await readCodeFromOutbox(request, person.e164, seen));
  await expect(page).toHaveURL(/\/onboard\/b\/add$/);

  // The link works once.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Another-Reset-2026!');
  await page.getByLabel('Confirm new password').fill('Another-Reset-2026!');
  await page.getByRole('button', { name: /Reset password/ }).click();
  await expect(page.getByText(/invalid or has expired/)).toBeVisible();
});
