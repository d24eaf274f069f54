import { expect, type Page, test } from '@playwright/test';
import {
  enterCode,
  outboxMessageIds,
  readCodeFromOutbox,
  registerViaApi,
  SignInPage,
} from '../pages/access-pages';
import { BusinessDetailsPage, BusinessSwitcher, closeHomeTour } from '../pages/business-pages';

const PASSWORD = 'Ferry-Verify-2026!';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a new US business verifies its owner and itself in the sandbox, edits its profile, and a Canadian second business switches with it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const person = await registerViaApi(request, 'verify', PASSWORD);
  const signIn = new SignInPage(page);
  await signIn.open();
  const seen = await outboxMessageIds(request, person.e164);
  await signIn.signIn(person.email, PASSWORD);
  await enterCode(signIn.codeDialog, await readCodeFromOutbox(request, person.e164, seen));
  await expect(page).toHaveURL(/\/onboard\/b\/add$/);

  // A US business goes to the bank step; skip it and the accounting step.
  const details = new BusinessDetailsPage(page);
  const harborId = await details.create(
    { name: 'Harbor Coffee Roasters', type: 'Limited Liability Company (LLC)' },
    'link-bank',
  );
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/b/${harborId}/home$`));
  await closeHomeTour(page);

  // Money moves only once the business is verified; the checklist leads to verification.
  await expect(page.getByText('Full functionality is available only to verified businesses.')).toBeVisible();
  await page
    .getByRole('region', { name: 'Set up your business' })
    .getByRole('link', { name: 'Verify business' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/b/${harborId}/kyb/details$`));

  // Identity first, on the sandbox provider's hosted page.
  await page.getByRole('button', { name: 'Verify your identity' }).click();
  await expect(page).toHaveURL(/\/sandbox\/identity\/inq_sbx_/);
  await expect(page.getByText(person.email)).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/verify\/identity\?businessId=.*inquiry-id=.*status=approved/);
  await expect(page.getByRole('heading', { name: 'Identity verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/b/${harborId}/kyb/details$`));

  // The business details form: the tax id is formatted as typed, the US state comes from the list.
  await page.getByRole('textbox', { name: 'Legal business name' }).fill('Harbor Coffee Roasters LLC');
  const taxId = page.getByRole('textbox', { name: 'Tax ID (EIN)' });
  await taxId.fill('');
  await taxId.pressSequentially('123456789');
  await expect(taxId).toHaveValue('12-3456789');
  await chooseOption(page, 'Number of employees', '5-15');
  await page.getByRole('textbox', { name: 'Address Line 1' }).fill('100 Congress Ave');
  await page.getByRole('textbox', { name: 'City' }).fill('Austin');
  await chooseOption(page, 'State', 'Texas');
  await page.getByRole('textbox', { name: 'Zip Code' }).fill('78701');
  await page.getByRole('button', { name: 'Save & continue' }).click();

  // Owners: the user is the control person and the only owner.
  await page.getByRole('radio', { name: 'I am the control person' }).check();
  await page.getByRole('textbox', { name: 'Control person: Job title' }).fill('Founder');
  await page.getByRole('checkbox', { name: 'I own 25% or more' }).check();
  await page.getByRole('textbox', { name: 'Your ownership %' }).fill('100');
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await page
    .getByRole('dialog', { name: 'Submit for verification?' })
    .getByRole('button', { name: 'Confirm and submit' })
    .click();
  await expect(page.getByRole('heading', { name: 'Your business is verified' })).toBeVisible();
  const summary = await page.request.get(`/api/business/${harborId}`);
  expect((await summary.json()).data).toMatchObject({
    status: 'FULL_VERIFIED',
    onboardingState: 'EARN_REWARDS',
  });

  // The business profile: verified (no 'Locked during verification'), the address given for
  // verification already there; the website and a logo.
  await page.goto(`/b/${harborId}/settings/business-profile`);
  await expect(page.getByText('Full functionality is available only to verified businesses.')).toBeHidden();
  await expect(page.getByText('Verified — contact support to change the name or type.')).toBeVisible();
  await expect(page.getByText('Locked during verification')).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Billing address: Address Line 1' })).toHaveValue(
    '100 Congress Ave',
  );
  await page.getByRole('textbox', { name: 'Website' }).fill('harborcoffee.example');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your business profile was saved.')).toBeVisible();
  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Business logo' })).toBeVisible();
  const prefs = await page.request.get(`/api/preferences/${harborId}`);
  expect((await prefs.json()).data).toMatchObject({ website: 'harborcoffee.example' });

  // A second business, in Canada: onboarding ends at the completed step.
  const switcher = new BusinessSwitcher(page);
  await switcher.addBusiness('Harbor Coffee Roasters');
  await expect(page).toHaveURL(/\/onboard\/b\/add$/);
  await page.getByRole('textbox', { name: 'Business Name' }).fill('Maple Leaf Imports');
  await page.getByRole('combobox', { name: 'Business Type' }).click();
  await page.getByRole('option', { name: 'Corporation', exact: true }).click();
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: 'Canada', exact: true }).click();
  await page
    .getByRole('checkbox', { name: 'I agree that none of these categories apply to my business' })
    .check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/onboard\/b\/([0-9a-f]{24})\/completed$/);
  const mapleId = /\/onboard\/b\/([0-9a-f]{24})\//.exec(page.url())?.[1] as string;
  expect(mapleId).not.toBe(harborId);

  // Switching on a settings page keeps the settings page; on a bill it goes to the bills list.
  await page.goto(`/b/${mapleId}/settings/business-profile`);
  await expect(page.getByRole('heading', { level: 1, name: /Business profile/ })).toBeVisible();
  await switcher.switchTo('Maple Leaf Imports', 'Harbor Coffee Roasters');
  await expect(page).toHaveURL(new RegExp(`/b/${harborId}/settings/business-profile$`));
  await expect(
    page.getByText('Harbor Coffee Roasters LLC').or(page.getByText('Harbor Coffee Roasters').first()),
  ).toBeVisible();

  // A bill of Harbor's (this one does not exist) has no meaning in Maple: the switch opens its bills list.
  await page.goto(`/b/${harborId}/bills/payment-request/0123456789abcdef01234567/make-payment`);
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  await switcher.switchTo('Harbor Coffee Roasters', 'Maple Leaf Imports');
  await expect(page).toHaveURL(new RegExp(`/b/${mapleId}/bills/payment-request$`));
});
