import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerViaApi } from '../pages/access-pages';
import {
  dueBillsViaApi,
  expectConnectionLoader,
  IntegrationSettingsPage,
  SandboxBooksConsentPage,
  SandboxBooksPage,
} from '../pages/accounting-pages';
import { linkInstantBankViaApi } from '../pages/banking-pages';
import {
  closeHomeTour,
  createBusinessViaApi,
  openSignedIn,
  sessionHeaders,
  verifyBusinessViaApi,
} from '../pages/business-pages';
import { advanceUntilStatus, BillsTab, MakePaymentPage, paymentViaApi } from '../pages/pay-pages';
import { expectFreshToast } from '../pages/toasts';

/*
 * Issue 21's journey (Chromium, the built app and server, Sandbox Books as the accounting system): a
 * business connects its books from onboarding and the first sync imports them; an imported bill is paid
 * in Ferry and the payment goes back to the books with its rail reference; a vendor renamed in the books
 * arrives in Ferry; a bill over an approval policy's threshold goes to approval; expired tokens show
 * Reconnect, and reconnecting brings the sync back; Disconnect offers the provider cards again.
 */

const PASSWORD = 'Ferry-Accounting-2026!';
type Session = { token: string; sessionId: string };

test.use({ actionTimeout: 15_000, timezoneId: 'America/New_York' });

/** A verified business with a bank linked instantly, for an owner registered through the API. */
async function ownerWithBusiness(request: APIRequestContext, tag: string, businessName: string) {
  const owner = await registerViaApi(request, tag, PASSWORD);
  const businessId = await createBusinessViaApi(request, owner.session, businessName);
  await verifyBusinessViaApi(request, owner.session, businessId, `${businessName} LLC`);
  const [bank] = await linkInstantBankViaApi(request, owner.session, businessId);
  expect(bank, 'linked bank').toBeDefined();
  return { ...owner, businessId, bank: bank as { id: string; accountMask: string } };
}

/** Bank details on file for an imported vendor (so Ferry can pay it by ACH). */
async function vendorBankViaApi(
  request: APIRequestContext,
  session: Session,
  businessId: string,
  vendor: { id: string; name: string },
) {
  const res = await request.post(`/api/business/${businessId}/banking/connection/vendor-account`, {
    headers: { ...sessionHeaders(session), 'Idempotency-Key': `e2e-acct-vendor-bank-${Date.now()}` },
    data: {
      vendorId: vendor.id,
      bankName: 'First Republic',
      accountType: 'BUSINESS_CHECKING',
      // The holder name allows 25 characters; sample vendor names can be longer.
      accountHolderName: vendor.name.slice(0, 25).trim(),
      routingNumber: '021000021',
      accountNumber: '7654321098',
      confirmAccountNumber: '7654321098',
      consent: true,
    },
  });
  expect([200, 201], await res.text()).toContain(res.status());
}

/** Pays a due bill from the Bills tab through the pay page and its review step; answers the payment id. */
async function payBill(
  page: Page,
  businessId: string,
  refNo: string,
): Promise<{ id: string; action: string }> {
  await page.goto(`/b/${businessId}/bills/due`);
  await new BillsTab(page).payLink(refNo).click();
  const pay = new MakePaymentPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay bill' })).toBeVisible();
  await pay.payFrom(/Chase|Bank/);
  const action = pay.form.getByRole('button', { name: /^(Schedule payment|Pay|Submit for approval)$/ });
  await expect(action).toBeEnabled();
  const label = (await action.textContent())?.trim() ?? '';
  await action.click();
  await expect(pay.review).toBeVisible();
  await pay.review
    .getByRole('button', { name: /^(Confirm and (pay|schedule)|Submit for approval|Confirm)$/ })
    .click();
  await expect(page).toHaveURL(/\/bills\/payment\/[0-9a-f]{24}\/detail$/);
  return { id: /payment\/([0-9a-f]{24})\/detail/.exec(page.url())?.[1] ?? '', action: label };
}

/** Connects Sandbox Books' QuickBooks stand-in from a page showing the provider cards. */
async function connectFromCards(page: Page, company: 'new' | string) {
  await page.getByRole('button', { name: 'Connect to QuickBooks', exact: true }).click();
  await expect(page).toHaveURL(/\/sandbox\/books\/authorize\?/);
  const consent = new SandboxBooksConsentPage(page);
  await expect(consent.heading).toBeVisible();
  if (company === 'new') await consent.createSampleCompany();
  else await consent.chooseCompany(company);
  await consent.allow();
  await expectConnectionLoader(page);
}

test('Sandbox Books connected at onboarding imports 50 vendors and 20 bills; a paid bill goes back to the books with its ACH reference; a vendor renamed in the books is renamed in Ferry', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await ownerWithBusiness(request, 'acct-owner', 'Harbor Coffee Roasters');
  const { businessId, session } = owner;
  const settings = new IntegrationSettingsPage(page);
  const books = new SandboxBooksPage(page);

  await test.step('the owner connects Sandbox Books from the onboarding picker with a new sample company', async () => {
    await openSignedIn(page, session, businessId, `/onboard/b/${businessId}/add`);
    await expect(page.getByRole('heading', { name: 'Connect your accounting software' })).toBeVisible();
    for (const name of ['QuickBooks Online', 'Xero', 'FreshBooks', 'Zoho Books']) {
      await expect(page.getByRole('article', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Connect to Xero' })).toBeVisible();
    await connectFromCards(page, 'new');
    // Started at onboarding: home afterwards.
    await expect(page).toHaveURL(new RegExp(`/b/${businessId}/home$`), { timeout: 20_000 });
    await closeHomeTour(page);
  });

  await test.step('the first sync imports the books: 50 vendors and 20 bills', async () => {
    await settings.open(businessId);
    await expect(settings.connection).toContainText('Connected');
    await expect(settings.connection).toContainText('Sample Company');
    await settings.waitForCompletedRun();
    await expect(settings.latestRun).toContainText('On connect');
    await expect(settings.latestRun).toContainText(/Imported .*\b50 vendors\b.*\b20 bills\b/);
    await expect(settings.syncButton).toHaveText(/^Last Synced .* ago$/);
    // The vendors list holds the 50 imported vendors; the Bills tab the 20 open bills.
    await page.goto(`/b/${businessId}/vendors`);
    await expect(page.getByRole('navigation', { name: 'Vendors pagination' })).toContainText('1-10 of 50');
    await page.goto(`/b/${businessId}/bills/due`);
    await expect(page.getByRole('navigation', { name: 'Due bills pagination' })).toContainText('1-10 of 20');
  });

  const due = await dueBillsViaApi(request, session, businessId);
  expect(due.total).toBe(20);
  expect(due.items.length).toBe(20);
  const bill = due.items[0] as {
    id: string;
    refNo: string;
    amount: number;
    contact: { id: string; name: string };
  };
  const renamed = (due.items.find(
    (item) => (item as { contact: { id: string } }).contact.id !== bill.contact.id,
  ) ?? due.items[1]) as { contact: { id: string; name: string } };
  let paymentId = '';

  await test.step('an imported bill is paid through the pay page and delivered on the sandbox clock', async () => {
    await vendorBankViaApi(request, session, businessId, bill.contact);
    const paid = await payBill(page, businessId, bill.refNo);
    paymentId = paid.id;
    await advanceUntilStatus(request, session, businessId, paymentId, ['DELIVERED'], 12);
  });

  await test.step('Sync on the bills page pushes the payment', async () => {
    await page.goto(`/b/${businessId}/bills/due`);
    const sync = page.getByRole('button', { name: /^Last Synced .* ago$/ });
    await sync.click();
    await settings.open(businessId);
    await settings.waitForCompletedRun();
    await expect(settings.latestRun).toContainText('Manual');
    await expect(settings.latestRun).toContainText(/Pushed .*1 bill payment\b/);
  });

  await test.step('Sandbox Books lists the bill payment with the ACH transfer reference', async () => {
    await books.open();
    await books.tab('Bill payments');
    const row = books.table('Bill payments').getByRole('row').filter({ hasText: bill.contact.name });
    await expect(row).toHaveCount(1);
    // The memo names Ferry's payment and the ACH transfer; the reference is the same transfer.
    await expect(row).toContainText(`Paid with Ferry (payment ${paymentId}); ACH transfer tr_`);
    const memo = (await row.getByRole('cell').nth(5).textContent()) ?? '';
    const transfer = /ACH transfer (\S+)$/.exec(memo.trim())?.[1] ?? '';
    expect(transfer).toMatch(/^tr_\w+$/);
    await expect(row.getByRole('cell').nth(4)).toHaveText(transfer);
    await expect(row.getByRole('cell').nth(3)).toHaveText(
      `$${bill.amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
  });

  const newName = `${renamed.contact.name} Holdings`;
  await test.step('a vendor renamed in Sandbox Books is renamed in Ferry after a sync', async () => {
    await books.tab('Vendors');
    await books.search('Vendors', renamed.contact.name);
    await page.getByRole('button', { name: `Edit vendor ${renamed.contact.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit vendor' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(newName);
    await expectFreshToast(page, 'Vendor saved.', () => dialog.getByRole('button', { name: 'Save' }).click());
    await expect(books.table('Vendors').getByText(newName)).toBeVisible();
    await settings.open(businessId);
    await settings.syncButton.click();
    await settings.waitForCompletedRun();
    await expect(settings.latestRun).toContainText(/Updated .*1 vendor\b/);
    await page.goto(`/b/${businessId}/vendors`);
    await page.getByRole('searchbox', { name: 'Search vendors' }).fill('Holdings');
    // A long name is shortened in the list, with the whole name as the link's title.
    const vendors = page.getByRole('table', { name: 'Vendors' });
    await expect(
      vendors
        .getByRole('link', { name: newName, exact: true })
        .or(vendors.getByTitle(newName, { exact: true })),
    ).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: 'Vendors' })
        .getByRole('link', { name: renamed.contact.name, exact: true }),
    ).toHaveCount(0);
  });
});

/** A registered person the owner invites as an approver (a role that may pay), who accepts. */
async function approverViaApi(request: APIRequestContext, owner: Session, businessId: string) {
  const role = await request.post(`/api/business/${businessId}/role`, {
    headers: sessionHeaders(owner),
    data: {
      name: 'Approver',
      description: 'Approves and pays bills',
      permissions: ['PAY_FULL_ACCESS.manage'],
    },
  });
  expect([200, 201], await role.text()).toContain(role.status());
  const roleId = ((await role.json()).data.role as { id: string }).id;
  const person = await registerViaApi(request, 'acct-approver', PASSWORD);
  const invited = await request.post(`/api/business/${businessId}/users`, {
    headers: sessionHeaders(owner),
    data: { firstName: person.firstName, lastName: person.lastName, email: person.email, roleId },
  });
  expect([200, 201], await invited.text()).toContain(invited.status());
  const pending = await request.get('/api/auth/invitation/check/user-invitations', {
    headers: sessionHeaders(person.session),
  });
  const { items } = (await pending.json()).data as { items: { invitationId: string }[] };
  const accepted = await request.post(`/api/auth/invitation/${items[0]?.invitationId}/accept`, {
    headers: sessionHeaders(person.session),
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return person;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 'YYYY-MM-DD' `days` after `date`. */
const plusDays = (date: string, days: number) => {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
};

test('connected from Settings: a bill added in Sandbox Books over the approval threshold goes to approval when paid; expired tokens show Reconnect and reconnecting syncs again; Disconnect offers the providers again', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await ownerWithBusiness(request, 'acct-admin', 'Northwind Supply');
  const { businessId, session } = owner;
  const approver = await approverViaApi(request, session, businessId);
  const settings = new IntegrationSettingsPage(page);
  const books = new SandboxBooksPage(page);

  await test.step('the owner connects Sandbox Books from Settings > Integrations', async () => {
    await openSignedIn(page, session, businessId, `/b/${businessId}/settings/integration`);
    await expect(page.getByRole('heading', { name: 'Connect your accounting software' })).toBeVisible();
    await connectFromCards(page, 'new');
    // Started in the settings: back there.
    await expect(page).toHaveURL(new RegExp(`/b/${businessId}/settings/integration$`), { timeout: 20_000 });
    await settings.waitForCompletedRun();
    await expect(settings.latestRun).toContainText(/Imported .*\b50 vendors\b/);
  });

  await test.step('the owner creates an approval policy for bills over $1,000', async () => {
    await page.goto(`/b/${businessId}/settings/approval-policies`);
    await page.getByRole('link', { name: 'Create Policy' }).first().click();
    await expect(page).toHaveURL(/\/settings\/approval-policies\/create$/);
    await page.getByLabel('Policy name').fill('Over $1,000');
    await page.getByLabel('Description').fill('Bills over $1,000 need a second look');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByRole('menuitem', { name: 'Bill amount' }).click();
    await page.getByLabel('Amount', { exact: true }).fill('1000');
    await page.getByRole('combobox', { name: 'Stage 1 approvers' }).click();
    await page.getByRole('option', { name: new RegExp(escapeRegExp(approver.email)) }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create Policy' }).click();
    await expect(page.getByText('Policy created successfully.')).toBeVisible();
  });

  const refNo = `SB-${Date.now().toString().slice(-6)}`;
  await test.step('a $2,500 bill is added in Sandbox Books and arrives in Ferry with a sync', async () => {
    const { railsTodayViaApi } = await import('../pages/pay-pages');
    const today = await railsTodayViaApi(request);
    await books.open();
    await books.tab('Bills');
    await page.getByRole('button', { name: 'Add bill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add bill' });
    await dialog.getByRole('combobox', { name: 'Vendor' }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await dialog.getByRole('textbox', { name: 'Number' }).fill(refNo);
    await dialog.getByRole('textbox', { name: 'Date', exact: true }).fill(today);
    await dialog.getByRole('textbox', { name: 'Due date' }).fill(plusDays(today, 14));
    await dialog.getByRole('textbox', { name: 'Total' }).fill('2500');
    await dialog.getByRole('textbox', { name: 'Balance' }).fill('2500');
    await expectFreshToast(page, 'Bill added.', () =>
      dialog.getByRole('button', { name: 'Add bill' }).click(),
    );
    await books.search('Bills', refNo);
    await expect(books.table('Bills').getByRole('row').filter({ hasText: refNo })).toContainText('$2,500.00');

    await settings.open(businessId);
    await settings.syncButton.click();
    await settings.waitForCompletedRun();
    await expect(settings.latestRun).toContainText('Manual');
    await expect(settings.latestRun).toContainText(/Imported .*\b1 bill\b/);
  });

  await test.step('paying it in Ferry sends it to approval instead of scheduling it', async () => {
    const due = await dueBillsViaApi(request, session, businessId);
    const bill = due.items.find((item) => item.refNo === refNo) as
      | { contact: { id: string; name: string } }
      | undefined;
    expect(bill, `bill ${refNo} in Ferry`).toBeDefined();
    await vendorBankViaApi(
      request,
      session,
      businessId,
      (bill as { contact: { id: string; name: string } }).contact,
    );
    const paid = await payBill(page, businessId, refNo);
    expect(paid.action).toBe('Submit for approval');
    await expect(page.getByText('Payment submitted for approval.')).toBeVisible();
    expect((await paymentViaApi(request, session, businessId, paid.id)).status).toBe('IN_APPROVAL');
  });

  await test.step("tokens expired in Sandbox Books' Connections: the next sync shows the connection Expired with Reconnect", async () => {
    await books.open();
    await books.connections.getByRole('button', { name: 'Expire tokens' }).click();
    const confirm = page.getByRole('dialog', { name: 'Expire tokens?' });
    await confirm.getByRole('button', { name: 'Expire tokens' }).click();
    await expect(page.getByText('Tokens expired')).toBeVisible();
    await expect(books.connections.getByText('Expired', { exact: true })).toBeVisible();

    await settings.open(businessId);
    await settings.syncButton.click();
    await expect(async () => {
      await page.reload();
      await expect(settings.connection.getByText('Expired', { exact: true })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await expect(settings.connection.getByRole('button', { name: 'Reconnect' })).toBeVisible();
    // The bills page's sync button says Reconnect too, and leads here.
    await page.goto(`/b/${businessId}/bills/due`);
    await page.getByRole('link', { name: 'Reconnect' }).click();
    await expect(page).toHaveURL(new RegExp(`/b/${businessId}/settings/integration$`));
  });

  await test.step('Reconnect: the same company is chosen on the consent page; connected again, the sync completes', async () => {
    await settings.connection.getByRole('button', { name: 'Reconnect' }).click();
    await expect(page).toHaveURL(/\/sandbox\/books\/authorize\?/);
    const consent = new SandboxBooksConsentPage(page);
    await expect(page.getByRole('radio', { name: /Sample Company/ })).toBeChecked();
    await consent.allow();
    await expectConnectionLoader(page);
    await expect(page).toHaveURL(new RegExp(`/b/${businessId}/settings/integration$`), { timeout: 20_000 });
    await expect(settings.connection.getByText('Connected', { exact: true })).toBeVisible();
    await settings.waitForCompletedRun();
    await expect(settings.syncButton).toHaveText(/^Last Synced .* ago$/);
  });

  await test.step('Disconnect, confirmed: the provider cards are offered again', async () => {
    await settings.connection.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: /^Disconnect .*\?$/ });
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(dialog).toBeHidden();
    await expect(settings.connection.getByText('Disconnected', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Connect again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect to QuickBooks', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect to Xero' })).toBeVisible();
  });
});
