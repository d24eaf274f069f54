import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  enterCode,
  newPerson,
  outboxMessageIds,
  readCodeFromOutbox,
  readLinkFromOutbox,
  registerViaApi,
  SetPasswordPage,
} from '../pages/access-pages';
import { createBusinessViaApi, openSignedIn, sessionHeaders } from '../pages/business-pages';
import { createBillViaApi, createVendorWithBankViaApi } from '../pages/pay-pages';

const PASSWORD = 'Ferry-Team-2026!';

/**
 * A new person opens their emailed invitation in a fresh browser: verifies their mobile number, sets a
 * password, and accepts. Answers the page, left where the acceptance led.
 */
async function joinFromEmail(
  browser: Browser,
  request: Parameters<typeof readLinkFromOutbox>[0],
  email: string,
) {
  const link = await readLinkFromOutbox(request, email, /https?:\/\/\S+\/accept-invitation\?token=[\w-]+/);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await verifyNewPhone(page, request);
  await new SetPasswordPage(page).setPassword(PASSWORD);
  return page;
}

/** The verify step of an invitee without a phone on file: the number, then its code. */
async function verifyNewPhone(page: Page, request: Parameters<typeof readLinkFromOutbox>[0]) {
  await expect(page).toHaveURL(/\/verify$/);
  const phone = newPerson('phone');
  await page.getByRole('button', { name: 'Add mobile number' }).click();
  const number = page.getByRole('dialog', { name: 'Enter New Mobile Number' });
  await number.getByLabel('Mobile number').fill(phone.phone);
  const seen = await outboxMessageIds(request, phone.e164);
  await number.getByRole('button', { name: 'Send code' }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByLabel('Verification code, digit 1 of 6') });
  await expect(dialog).toBeVisible();
  await enterCode(dialog, await readCodeFromOutbox(request, phone.e164, seen));
  await expect(dialog).toBeHidden();
}

test('the owner makes a Bookkeeper role and invites a new person with it; the invitee sees what it allows, and a changed role shows on their next page load', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await registerViaApi(request, 'team-owner', PASSWORD);
  const businessId = await createBusinessViaApi(request, owner.session, 'Harbor Coffee Roasters');
  const vendor = await createVendorWithBankViaApi(request, owner.session, businessId, {
    name: 'Pacific Green Coffee',
    email: `billing-${Date.now()}@pacificgreen.example`,
  });
  await createBillViaApi(request, owner.session, businessId, {
    vendorId: vendor.id,
    refNo: 'PG-1001',
    amount: '420.00',
  });

  // The role: view on Pay, manage on vendors and customers.
  await openSignedIn(page, owner.session, businessId, `/b/${businessId}/settings/roles`);
  await page.getByRole('link', { name: 'Create Role' }).click();
  await page.getByLabel('Role name').fill('Bookkeeper');
  await page.getByLabel('Description').fill('Keeps vendors and customers up to date');
  await page.getByRole('checkbox', { name: 'View Pay Full Access' }).check();
  await page.getByRole('checkbox', { name: 'Manage Manage Vendors' }).check();
  await page.getByRole('checkbox', { name: 'Manage Manage Customers' }).check();
  await expect(page.getByRole('checkbox', { name: 'View Manage Vendors' })).toBeChecked();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Role Successfully Created', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/b/${businessId}/settings/roles$`));
  await expect(page.getByRole('cell', { name: 'Bookkeeper', exact: true })).toBeVisible();

  // The invitation.
  const invitee = newPerson('team-invitee');
  await page.goto(`/b/${businessId}/settings/users`);
  await page.getByRole('link', { name: 'Add User' }).click();
  await page.getByLabel('Name').fill('Riley Chen');
  await page.getByLabel('Work email').fill(invitee.email);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: /Bookkeeper/ }).click();
  await expect(page.getByText('Invitation will be sent to this email.')).toBeVisible();
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('User added successfully', { exact: true })).toBeVisible();
  // A long email is cut in the cell (its row still names it).
  await expect(page.getByRole('row', { name: new RegExp(`${invitee.email}.*Pending`) })).toBeVisible();

  // The invitee signs up from the emailed link and lands in the business.
  const invited = await joinFromEmail(browser, request, invitee.email);
  await expect(invited).toHaveURL(/\/accept-invitation$/);
  await invited.getByRole('button', { name: /Accept/ }).click();
  await expect(invited).toHaveURL(new RegExp(`/b/${businessId}/home`));

  // View on Pay: the bill is there, without a Pay button; vendors can be added.
  await invited.goto(`/b/${businessId}/bills/due`);
  await expect(invited.getByText('PG-1001')).toBeVisible();
  await expect(invited.getByRole('button', { name: 'Pay bill PG-1001' })).toHaveCount(0);
  await invited.goto(`/b/${businessId}/vendors/add`);
  await invited.getByRole('textbox', { name: 'Name', exact: true }).fill('Cascade Packaging');
  await invited.getByRole('textbox', { name: 'Email Address', exact: true }).fill('ar@cascadepack.example');
  await invited.getByRole('button', { name: 'Add Vendor' }).click();
  await expect(invited).toHaveURL(new RegExp(`/b/${businessId}/vendors/[0-9a-f]{24}$`));
  // Users and roles are not theirs to see.
  await expect(invited.getByRole('link', { name: 'Users' })).toHaveCount(0);

  // The owner makes them Read-only; their next page load shows it.
  await page.goto(`/b/${businessId}/settings/users`);
  await page.getByRole('button', { name: 'Actions for Riley Chen' }).click();
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  const update = page.getByRole('button', { name: 'Update' });
  await expect(update).toBeDisabled();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: /Read-only/ }).click();
  await update.click();
  await expect(page.getByText('User role updated successfully', { exact: true })).toBeVisible();

  await invited.goto(`/b/${businessId}/vendors`);
  await expect(invited.getByText('Cascade Packaging')).toBeVisible();
  await expect(invited.getByRole('link', { name: 'Add Vendor' })).toHaveCount(0);
  await expect(invited.getByRole('button', { name: 'Add Vendor' })).toHaveCount(0);

  // The last Admin cannot be removed: their own row has no actions, and the API refuses.
  await expect(page.getByRole('row', { name: /Riley Chen/ })).toContainText('Read-only');
  await expect(page.getByRole('button', { name: /Actions for Jordan Blake/ })).toHaveCount(0);
  const users = await request.get(`/api/business/${businessId}/users`, {
    headers: sessionHeaders(owner.session),
  });
  const ownerRow = ((await users.json()).data.items as { id: string; isCurrentUser: boolean }[]).find(
    (u) => u.isCurrentUser,
  );
  const removed = await request.delete(`/api/business/${businessId}/users/${ownerRow?.id}`, {
    headers: sessionHeaders(owner.session),
  });
  expect(removed.status()).toBe(403);
  await invited.context().close();
});

test('an accountant sets up the practice, invites a team member, and adds them to a client business with a role', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const accountant = await registerViaApi(request, 'team-accountant', PASSWORD, 'ACCOUNTANT');
  const clientId = await createBusinessViaApi(request, accountant.session, 'Tidewater Bakery');

  // The practice.
  await openSignedIn(page, accountant.session, clientId, '/onboard/practice');
  await page.getByLabel('Practice firm name').fill('12345');
  await page.getByRole('button', { name: /Continue|Save|Create/ }).click();
  await expect(page.getByText(/not.*only numbers|numeric/i)).toBeVisible();
  await page.getByLabel('Practice firm name').fill('Raman & Co. Accounting');
  await page.getByRole('combobox', { name: 'Number of clients' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: /Continue|Save|Create/ }).click();
  await expect(page).not.toHaveURL(/\/onboard\/practice$/);

  // The team member.
  const member = newPerson('team-member');
  await page.goto('/team-members');
  await page
    .getByRole('button', { name: /Invite/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Leo Park');
  await dialog.getByLabel('Email').fill(member.email);
  await dialog.getByRole('button', { name: /Invite|Send/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Leo Park ${member.email} Pending`) })).toBeVisible();

  const joined = await joinFromEmail(browser, request, member.email);
  await expect(joined).toHaveURL(/\/(accept-invitation|no-business)$/);
  if (joined.url().endsWith('/accept-invitation')) {
    await joined.getByRole('button', { name: /Accept/ }).click();
  }
  await expect(joined).toHaveURL(/\/no-business$/);

  // The accountant adds the member to the client business.
  await page.goto(`/b/${clientId}/settings/users/add`);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('combobox', { name: 'Team member' }).click();
  await page.getByRole('option', { name: /Leo Park/ }).click();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: /Read-only/ }).click();
  await page.getByRole('button', { name: 'Add to Business' }).click();
  await expect(page.getByText('User added successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(member.email) })).toBeVisible();

  // The member's next page load finds the client business.
  await joined.reload();
  await joined.getByRole('link', { name: 'Open Tidewater Bakery' }).click();
  await expect(joined).toHaveURL(new RegExp(`/b/${clientId}/home`));
  await joined.context().close();
});
