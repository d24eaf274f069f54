import { expect, test } from '@playwright/test';
import { newPerson, readLinkFromOutbox } from '../pages/access-pages';
import { chartAccountViaApi } from '../pages/banking-pages';
import { openSignedIn, sessionHeaders } from '../pages/business-pages';
import {
  addGuestBankInstantly,
  advanceUntil,
  letters,
  openGuestLink,
  verifyNewPhone,
} from '../pages/guest-pages';
import {
  cardAcceptingPayeeViaApi,
  createBillViaApi,
  expectLedgerBalanced,
  payerWithBankViaApi,
  paymentViaApi,
  railsTodayViaApi,
} from '../pages/pay-pages';
import { expectFreshToast } from '../pages/toasts';

/*
 * Issue 19's guest journeys (Chromium, codes and links from the dev outbox): a customer that is not on
 * Ferry pays an invoice from the emailed link — $400 by bank, then the rest by card with the fee — and
 * the payee sees both payments Received and the invoice paid; a vendor without a bank on file accepts a
 * payment from its email, adds a bank, and the payment is delivered.
 */

const PASSWORD = 'Ferry-Guest-2026!';
type Session = { token: string; sessionId: string };

test.use({ actionTimeout: 15_000, timezoneId: 'America/New_York' });

const GUEST_LINK = /https?:\/\/\S+\/process\/payment\/start\?token=[\w-]+/;

test('a customer not on Ferry pays $400 of a $1,000 invoice by bank from the emailed link, then the rest by card with the fee; the payee sees both Received and the invoice paid', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const payee = await cardAcceptingPayeeViaApi(request, 'guestpayee', PASSWORD, 'Harbor Coffee Roasters');
  const { businessId, session } = payee;
  const headers = sessionHeaders(session);
  const guest = newPerson('guest');
  const customerName = `Sunrise Bakery ${letters()}`;
  let refNo = '';

  await test.step('the payee invoices a customer not on Ferry and sends the payment request', async () => {
    const customer = await request.post(`/api/business/${businessId}/accounting/contacts/customers`, {
      headers,
      data: { name: customerName, email: guest.email },
    });
    expect([200, 201], await customer.text()).toContain(customer.status());
    const customerId = (await customer.json()).data.id as string;
    const income = await chartAccountViaApi(request, session, businessId, 'INCOME', 'Services');
    const invoice = await request.post(`/api/business/${businessId}/accounting/invoices`, {
      headers: { ...headers, 'Idempotency-Key': `e2e-guest-invoice-${Date.now()}` },
      data: {
        customerId,
        refNo: `INV-G${Date.now().toString().slice(-5)}`,
        invoiceDate: new Date().toISOString().slice(0, 10),
        paymentTerm: 'NET_30',
        lines: [
          { chartAccountId: income.id, description: 'Wholesale coffee', quantity: 1, unitPrice: '1000' },
        ],
      },
    });
    expect([200, 201], await invoice.text()).toContain(invoice.status());
    refNo = (await invoice.json()).data.refNo as string;

    await openSignedIn(page, session, businessId, `/b/${businessId}/invoices`);
    const tour = page.getByRole('dialog', { name: 'Create an invoice' });
    await expect(tour).toBeVisible();
    await tour.getByRole('button', { name: 'Close' }).click();
    await expect(tour).toBeHidden();
    const send = page.getByRole('button', { name: `Send payment request for invoice ${refNo}` });
    await expectFreshToast(page, 'Payment request sent successfully.', () => send.click());
    const row = page.getByRole('row').filter({ hasText: refNo });
    await expect(row).toContainText('Requested');
  });

  const link = await readLinkFromOutbox(request, guest.email, GUEST_LINK);
  const guestPage = await openGuestLink(browser, request, link, guest);

  await test.step('the guest confirms a phone, adds a bank and pays $400 after a review', async () => {
    await expect(guestPage.getByText(`Harbor Coffee Roasters sent you a payment request`)).toBeVisible();
    await verifyNewPhone(guestPage, request, guest);
    await expect(
      guestPage.getByRole('heading', { level: 1, name: /Pay Harbor Coffee Roasters/ }),
    ).toBeVisible();
    await expect(guestPage.getByText('Step 1 of 2')).toBeVisible();
    await addGuestBankInstantly(guestPage);
    await expect(guestPage.getByText('Step 2 of 2')).toBeVisible();
    await guestPage.getByRole('radio', { name: 'Pay a different amount' }).check();
    const amount = guestPage.getByRole('textbox', { name: 'Amount to pay' });
    // The partial-payment rules, as the spec words them.
    await amount.fill('999.50');
    await guestPage.getByRole('button', { name: 'Continue' }).click();
    await expect(
      guestPage.getByText("Balance left can't be less than $1. Pay in full or leave at least $1 unpaid."),
    ).toBeVisible();
    await amount.fill('400');
    const businessName = guestPage.getByRole('textbox', { name: 'Business name' });
    if (await businessName.isVisible()) await businessName.fill(customerName);
    await guestPage.getByRole('button', { name: 'Continue' }).click();
    const review = guestPage.getByRole('region', { name: /Review/ });
    await expect(review).toContainText('$400.00');
    await review.getByRole('button', { name: 'Pay $400.00' }).click();
    await expect(guestPage.getByRole('heading', { name: 'Payment scheduled' })).toBeVisible();
    await expect(guestPage.getByText('$600.00').first()).toBeVisible();
  });

  await test.step('then the rest by card, with the fee the payee passes on', async () => {
    await guestPage.getByRole('button', { name: 'Pay the rest' }).click();
    await guestPage.getByRole('tab', { name: 'Card' }).click();
    await guestPage.getByRole('button', { name: 'Add a card' }).click();
    const dialog = guestPage.getByRole('dialog', { name: 'Add a New Card', exact: true });
    await dialog.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
    await dialog.getByRole('textbox', { name: 'Expiry date' }).fill('12/30');
    await dialog.getByRole('textbox', { name: 'CVV' }).fill('123');
    await dialog.getByRole('textbox', { name: 'Name on card' }).fill(`${guest.firstName} ${guest.lastName}`);
    await dialog.getByRole('textbox', { name: 'Address Line 1' }).fill('100 Congress Ave');
    await dialog.getByRole('textbox', { name: 'City' }).fill('Austin');
    await dialog.getByRole('combobox', { name: 'State' }).click();
    await guestPage.getByRole('option', { name: 'Texas', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Zip Code' }).fill('78701');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeHidden();
    await expect(guestPage.getByLabel(/^Card fee \$/)).toBeVisible();
    await guestPage.getByRole('button', { name: 'Continue' }).click();
    const review = guestPage.getByRole('region', { name: /Review/ });
    await expect(review).toContainText('$600.00');
    await expect(review).toContainText('Card fee');
    await review.getByRole('button', { name: /^Pay \$6\d\d\.\d\d$/ }).click();
    await expect(guestPage.getByRole('heading', { name: 'Payment scheduled' })).toBeVisible();
  });

  await test.step('on the sandbox clock the payee sees both payments Received and the invoice paid', async () => {
    const received = async () => {
      const res = await request.get(
        `/api/business/${businessId}/payments?payeeId=${businessId}&pageSize=10`,
        {
          headers,
        },
      );
      expect(res.status(), await res.text()).toBe(200);
      const items = (await res.json()).data.items as { status: string; amount: number }[];
      return items.length === 2 && items.every((item) => item.status === 'DELIVERED');
    };
    await advanceUntil(request, session, received);
    await page.goto(`/b/${businessId}/invoices/payment/list`);
    const table = page.getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: '$400.00' })).toContainText('Received');
    await expect(table.getByRole('row').filter({ hasText: '$600.00' })).toContainText('Received');
    const invoices = await request.get(`/api/business/${businessId}/invoices?status=paid`, { headers });
    expect(((await invoices.json()).data.items as { refNo: string }[]).map((item) => item.refNo)).toContain(
      refNo,
    );
  });

  await test.step('the link cannot reach the payee business’s routes', async () => {
    const guestSession = await guestPage.evaluate(() =>
      (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(
        'ferry.session',
      ),
    );
    expect(guestSession).not.toBeNull();
    const res = await request.get(`/api/business/${businessId}/invoices`, {
      headers: sessionHeaders(JSON.parse(guestSession as string) as Session),
    });
    expect([403, 404]).toContain(res.status());
  });
  await guestPage.context().close();
  await expectLedgerBalanced(request);
});

test('a vendor with no bank on file accepts a payment from its email, adds a bank, and the payment is delivered', async ({
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const payer = await payerWithBankViaApi(request, 'guestvendor', PASSWORD, 'Saltwater Kitchen');
  const headers = sessionHeaders(payer.session);
  const vendor = newPerson('vendor');
  const created = await request.post(`/api/business/${payer.businessId}/accounting/contacts/vendors`, {
    headers,
    data: { name: `Pier Produce ${letters()}`, email: vendor.email },
  });
  expect([200, 201], await created.text()).toContain(created.status());
  const vendorId = (await created.json()).data.id as string;
  const bill = await createBillViaApi(request, payer.session, payer.businessId, {
    vendorId,
    refNo: `PP-${Date.now().toString().slice(-5)}`,
    amount: '250',
  });
  const pay = await request.post(`/api/business/${payer.businessId}/payments`, {
    headers: { ...headers, 'Idempotency-Key': `e2e-guest-vendor-${Date.now()}` },
    data: {
      billId: bill.id,
      paymentInstrumentId: payer.bank.id,
      amount: '250',
      processDate: await railsTodayViaApi(request),
    },
  });
  expect(pay.status(), await pay.text()).toBe(201);
  const paymentId = (await pay.json()).data.id as string;
  expect((await paymentViaApi(request, payer.session, payer.businessId, paymentId)).status).toBe('PENDING');

  const link = await readLinkFromOutbox(request, vendor.email, GUEST_LINK);
  const page = await openGuestLink(browser, request, link, vendor);
  await expect(page.getByText('Saltwater Kitchen sent you a payment')).toBeVisible();
  await verifyNewPhone(page, request, vendor);
  await expect(
    page.getByRole('heading', { level: 1, name: /Accept your payment from Saltwater Kitchen/ }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Card' })).toHaveCount(0);
  await addGuestBankInstantly(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  const review = page.getByRole('region', { name: /Review/ });
  await expect(review).toContainText('$250.00');
  await review.getByRole('button', { name: /Accept/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment accepted' })).toBeVisible();
  await test.step("'Continue onboarding': the vendor sets a password and goes on to identity verification", async () => {
    await page.getByRole('link', { name: 'Continue onboarding' }).click();
    await page.getByRole('link', { name: 'Set a password and continue' }).click();
    await expect(page).toHaveURL(/\/set-password$/);
    await page.getByRole('textbox', { name: 'Enter password', exact: true }).fill(PASSWORD);
    await page.getByLabel('Re-enter password to confirm').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/verify\/identity/);
  });
  await page.context().close();

  await advanceUntil(request, payer.session, async () => {
    const payment = await paymentViaApi(request, payer.session, payer.businessId, paymentId);
    return payment.status === 'DELIVERED';
  });
  await expectLedgerBalanced(request);
});
