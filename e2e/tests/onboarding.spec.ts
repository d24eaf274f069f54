import { expect, test } from '@playwright/test';
import {
  enterCode,
  outboxMessageIds,
  readCodeFromOutbox,
  registerViaApi,
  SignInPage,
} from '../pages/access-pages';
import { BusinessDetailsPage, BusinessSwitcher, closeHomeTour } from '../pages/business-pages';

const PASSWORD = 'Ferry-Onboard-2026!';

test('a new user creates a US business, skips the bank and accounting steps, reaches home and switches between two businesses', async ({
  page,
  request,
}) => {
  // A long journey (two businesses through three steps each): more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const person = await registerViaApi(request, 'onboard', PASSWORD);

  // Sign in through the screens; a user without a business lands on onboarding.
  const signIn = new SignInPage(page);
  await signIn.open();
  const seen = await outboxMessageIds(request, person.e164);
  await signIn.signIn(person.email, PASSWORD);
  await enterCode(signIn.codeDialog, await readCodeFromOutbox(request, person.e164, seen));
  await expect(page).toHaveURL(/\/onboard\/b\/add$/);

  // Business details → link-bank (a US user).
  const details = new BusinessDetailsPage(page);
  const harborId = await details.create(
    { name: 'Harbor Coffee Roasters', type: 'Limited Liability Company (LLC)' },
    'link-bank',
  );
  await expect(page.getByRole('heading', { name: 'Link your bank account' })).toBeVisible();

  // Skip the bank, then leave the accounting picker for the dashboard.
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(new RegExp(`/onboard/b/${harborId}/add$`));
  await expect(page.getByRole('heading', { name: 'Connect your accounting software' })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/b/${harborId}/home$`));

  // Home: the tour on the first visit, then the setup progress and the welcome panel.
  await closeHomeTour(page);
  const setup = page.getByRole('region', { name: 'Set up your business' });
  await expect(setup).toContainText('0 of 4 steps done');
  await expect(setup.getByRole('link', { name: 'Link bank' })).toHaveAttribute(
    'href',
    `/b/${harborId}/settings/bank-account`,
  );
  await expect(page.getByRole('region', { name: 'Receive payments quickly' })).toBeVisible();
  const tours = await page.request.get('/api/user/tour-status');
  expect((await tours.json()).data).toMatchObject({ home: true });

  // Going back from the bank step opens the saved business, not a blank form.
  await page.goto(`/onboard/b/${harborId}/details`);
  await expect(page.getByRole('textbox', { name: 'Business Name' })).toHaveValue('Harbor Coffee Roasters');
  await expect(
    page.getByRole('checkbox', { name: 'I agree that none of these categories apply to my business' }),
  ).toBeChecked();
  await page.goto(`/b/${harborId}/home`);

  // A second business from the switcher.
  const switcher = new BusinessSwitcher(page);
  await switcher.addBusiness('Harbor Coffee Roasters');
  await expect(page).toHaveURL(/\/onboard\/b\/add$/);
  const northwindId = await details.create({ name: 'Northwind Supply', type: 'Corporation' }, 'link-bank');
  expect(northwindId).not.toBe(harborId);
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/b/${northwindId}/home$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Northwind Supply' })).toBeVisible();
  // The tour was completed once: it does not come back.
  await expect(page.getByRole('dialog', { name: 'Welcome to Ferry' })).toBeHidden();

  // Switching between them on the home page.
  await switcher.switchTo('Northwind Supply', 'Harbor Coffee Roasters');
  await expect(page).toHaveURL(new RegExp(`/b/${harborId}/home$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor Coffee Roasters' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ferry home' })).toHaveAttribute('href', `/b/${harborId}/home`);

  await switcher.switchTo('Harbor Coffee Roasters', 'Northwind Supply');
  await expect(page).toHaveURL(new RegExp(`/b/${northwindId}/home$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Northwind Supply' })).toBeVisible();

  // The active business survives a reload: the logo leads to it.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Ferry home' })).toHaveAttribute(
    'href',
    `/b/${northwindId}/home`,
  );
});
