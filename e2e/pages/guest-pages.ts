import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { enterCode, readCodeFromOutbox } from './access-pages';
import { advanceSandboxClockViaApi, BankAccountsPage } from './banking-pages';

type Session = { token: string; sessionId: string };

/*
 * What a guest does in the journeys of issues 19 and 20 (a person not on Ferry answering an emailed link),
 * and moving the sandbox clock until something is done.
 */

/** A few letters to tell this run's contacts apart (contact names take no digits). */
export const letters = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Moves the sandbox clock a business day at a time until `done` holds (each move runs the engine). */
export async function advanceUntil(
  request: APIRequestContext,
  session: Session,
  done: () => Promise<boolean>,
  maxDays = 8,
) {
  for (let day = 0; day < maxDays && !(await done()); day += 1) {
    await advanceSandboxClockViaApi(request, session, 1);
  }
  expect(await done(), 'reached after moving the sandbox clock').toBe(true);
}

/** The guest's own browser: opens the emailed link, verifies the email (names for a new person). */
export async function openGuestLink(
  browser: Browser,
  request: APIRequestContext,
  link: string,
  guest: { email: string; firstName: string; lastName: string },
  landing: RegExp = /\/process\/payment$/,
): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: "Let's get things rolling" })).toBeVisible();
  const form = page.getByRole('form', { name: /^(Start payment|Authorize auto payments)$/ });
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(guest.email);
  await form.getByRole('textbox', { name: 'First name' }).fill(guest.firstName);
  await form.getByRole('textbox', { name: 'Last name' }).fill(guest.lastName);
  await form.getByRole('button', { name: 'Continue' }).click();
  const emailDialog = page.getByRole('dialog');
  await expect(emailDialog).toBeVisible();
  await enterCode(emailDialog, await readCodeFromOutbox(request, guest.email));
  await expect(page).toHaveURL(landing);
  return page;
}

/** The guest has no phone yet: a new number and its SMS code. */
export async function verifyNewPhone(
  page: Page,
  request: APIRequestContext,
  phone: { phone: string; e164: string },
) {
  const form = page.getByRole('form', { name: 'Verify your mobile number' });
  await form.getByRole('textbox', { name: 'Mobile number' }).fill(phone.phone);
  await form.getByRole('button', { name: 'Send code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify Your Mobile Number' });
  await expect(dialog).toBeVisible();
  await enterCode(dialog, await readCodeFromOutbox(request, phone.e164));
  await expect(dialog).toBeHidden();
}

/** Adds a bank on the guest screen: instant link at Chase in the sandbox. */
export async function addGuestBankInstantly(page: Page) {
  await page.getByRole('button', { name: 'Add a bank account' }).click();
  const banks = new BankAccountsPage(page);
  await banks.instantOption.click();
  await expect(banks.linkModal).toBeVisible();
  await banks.linkModal.getByRole('textbox', { name: 'Search for your bank' }).fill('Chase');
  // The list filters as one types: a click that lands during a re-render is tried again.
  const signIn = banks.linkModal.getByText('Sign in to Chase');
  await expect(async () => {
    if (!(await signIn.isVisible())) {
      await banks.linkModal
        .getByRole('list', { name: 'Banks' })
        .getByRole('listitem', { name: 'Chase', exact: true })
        .click({ timeout: 2_000 });
    }
    await expect(signIn).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await banks.signInAtBank('Chase');
  await banks.linkModal.getByRole('checkbox', { name: /Chase Business Checking/ }).check();
  await banks.linkModal.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('radio', { name: /Chase/ }).first()).toBeVisible({ timeout: 20_000 });
}
