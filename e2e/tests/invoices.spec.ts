import { expect, test } from '@playwright/test';
import { advanceSandboxClockViaApi, chartAccountViaApi } from '../pages/banking-pages';
import { openSignedIn, sessionHeaders } from '../pages/business-pages';
import { expectLedgerBalanced, localToday, MakePaymentPage, payerWithBankViaApi } from '../pages/pay-pages';
import { expectFreshToast } from '../pages/toasts';

const PASSWORD = 'Ferry-Invoices-2026!';

test.use({ actionTimeout: 15_000, timezoneId: 'America/New_York' });

test('an invoice of $1,000 to a customer added inline is listed, shown with its PDF, and $400 marked as paid into the verified bank leaves $600 due', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A verified business with a verified (instantly linked) bank: the receiving bank.
  const owner = await payerWithBankViaApi(request, 'invoices', PASSWORD, 'Harbor Coffee Roasters');
  const { businessId } = owner;
  const customerName = `Sunrise Bakery ${Date.now().toString().slice(-5)}`;
  const list = `/b/${businessId}/invoices`;
  let refNo = '';

  await test.step('the Invoices tab starts empty, with its tour and Create invoice', async () => {
    await openSignedIn(page, owner.session, businessId, list);
    const tour = page.getByRole('dialog', { name: 'Create an invoice' });
    await expect(tour).toBeVisible();
    await tour.getByRole('button', { name: 'Close' }).click();
    await expect(tour).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expect(page.getByText('No open invoices yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Create invoice' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/b/${businessId}/invoices/create$`));
  });

  await test.step('the invoice is created for a customer added inline, one line of $1,000', async () => {
    const form = page.getByRole('form', { name: 'Create invoice' });
    await expect(form.getByRole('heading', { level: 1, name: 'Create invoice' })).toBeVisible();
    const number = form.getByRole('textbox', { name: 'Invoice number' });
    await expect(number).toHaveValue(/^INV-\d+$/);
    refNo = await number.inputValue();
    await form.getByRole('button', { name: 'Add new customer' }).click();
    const add = page.getByRole('form', { name: 'Add a new customer' });
    await add.getByRole('textbox', { name: 'Customer Name' }).fill(customerName);
    await add.getByRole('textbox', { name: 'Email Address' }).fill(`ap+${Date.now()}@sunrise.example`);
    await add.getByRole('button', { name: 'Add Customer' }).click();
    await expect(form.getByRole('combobox', { name: 'Customer' })).toHaveValue(customerName);
    await form.getByRole('combobox', { name: 'Line 1 item or account' }).click();
    await page.getByRole('option', { name: 'Services', exact: true }).click();
    await form.getByRole('textbox', { name: 'Line 1 unit price' }).fill('1000');
    await expect(form.getByLabel('Total $1,000.00', { exact: true })).toBeVisible();
    await expectFreshToast(page, 'Invoice saved.', () =>
      form.getByRole('button', { name: 'Save invoice' }).click(),
    );
    await expect(page).toHaveURL(new RegExp(`/b/${businessId}/invoices$`));
  });

  await test.step('it is listed as Unpaid and counted in the summary', async () => {
    const row = page.getByRole('row').filter({ hasText: refNo });
    await expect(row).toContainText(customerName);
    await expect(row).toContainText('$1,000.00');
    await expect(row).toContainText('Unpaid');
    await expect(page.getByRole('button', { name: 'Total outstanding: $1,000.00, 1 invoice' })).toBeVisible();
    await expect(page.getByLabel('1 open invoices')).toHaveText('1');
    // The customer is not on Ferry: the request goes by email with a guest link, and the button says so.
    const send = row.getByRole('button', { name: `Send payment request for invoice ${refNo}` });
    await expect(send).not.toHaveAttribute('aria-disabled', 'true');
    await send.hover();
    await expect(
      page.getByText(
        'This customer is not on Ferry yet: they get an email with a secure link to pay, no account needed.',
      ),
    ).toBeVisible();
  });

  await test.step('its page shows the customer, the dates and the PDF', async () => {
    await page.getByRole('link', { name: `View invoice ${refNo}` }).click();
    await expect(page).toHaveURL(new RegExp(`/b/${businessId}/invoices/[0-9a-f]{24}/detail$`));
    const header = page.getByRole('region', { name: 'Invoice', exact: true });
    await expect(header.getByRole('heading', { name: customerName })).toBeVisible();
    await expect(header).toContainText(refNo);
    await expect(header).toContainText('Unpaid');
    await expect(page.getByRole('region', { name: 'Amounts' })).toContainText('$1,000.00');
    // The PDF viewer draws the invoice's page.
    await expect(page.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: /Zoom in/i })).toBeVisible();
  });

  await test.step('$400 is marked as paid into the verified bank: Partial Paid, $600 left', async () => {
    await page.getByRole('button', { name: 'Mark as Paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark Invoice as Paid' });
    await expect(dialog.getByRole('button', { name: 'Mark as paid' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await dialog.getByRole('combobox', { name: /Receiving bank/ }).click();
    await page.getByRole('option', { name: new RegExp(`${owner.bank.accountMask.slice(-4)}$`) }).click();
    await dialog.getByRole('radio', { name: 'Other amount' }).check();
    await dialog.getByRole('textbox', { name: /Other amount/ }).fill('400');
    await expectFreshToast(page, 'Marked as paid successfully.', () =>
      dialog.getByRole('button', { name: 'Mark as paid' }).click(),
    );
    await expect(dialog).toBeHidden();
    const header = page.getByRole('region', { name: 'Invoice', exact: true });
    await expect(header).toContainText('Partial Paid');
    const amounts = page.getByRole('region', { name: 'Amounts' });
    await expect(amounts).toContainText('$400.00');
    await expect(amounts).toContainText('$600.00');
    const payments = page.getByRole('table', { name: 'Payments of this invoice' });
    await expect(payments).toContainText('Marked as Paid');
    await expect(payments).toContainText('$400.00');
    // No more editing once something was received.
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  });

  await test.step('the list shows the balance of $600', async () => {
    await page.getByRole('link', { name: 'Back to invoices' }).click();
    const row = page.getByRole('row').filter({ hasText: refNo });
    await expect(row).toContainText('$600.00');
    await expect(row).toContainText('Partial Paid');
  });
});

test('an invoice sent to a customer that is a business on Ferry lands in its For Review and is paid from there; the payee sees it Received and the invoice paid', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const payee = await payerWithBankViaApi(request, 'inv-network', PASSWORD, 'Harbor Coffee Roasters');
  const customerName = `Saltwater Kitchen ${Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const customer = await payerWithBankViaApi(request, 'inv-network-payer', PASSWORD, customerName);
  const headers = sessionHeaders(payee.session);
  const linked = await request.post(`/api/business/${payee.businessId}/customers/business`, {
    headers,
    data: { fbnBusinessId: customer.businessId },
  });
  expect(linked.status(), await linked.text()).toBeLessThan(300);
  const contactId = (await linked.json()).data.id as string;
  const income = await chartAccountViaApi(request, payee.session, payee.businessId, 'INCOME', 'Services');
  const created = await request.post(`/api/business/${payee.businessId}/accounting/invoices`, {
    headers: { ...headers, 'Idempotency-Key': `e2e-network-invoice-${Date.now()}` },
    data: {
      customerId: contactId,
      refNo: `INV-N${Date.now().toString().slice(-5)}`,
      invoiceDate: localToday(),
      paymentTerm: 'NET_15',
      lines: [{ chartAccountId: income.id, description: 'Espresso beans', quantity: 2, unitPrice: '175' }],
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const { refNo, id: invoiceId } = (await created.json()).data as { refNo: string; id: string };

  await test.step('the payee sends the request from the invoice list', async () => {
    await openSignedIn(page, payee.session, payee.businessId, `/b/${payee.businessId}/invoices`);
    const tour = page.getByRole('dialog', { name: 'Create an invoice' });
    await expect(tour).toBeVisible();
    await tour.getByRole('button', { name: 'Close' }).click();
    await expectFreshToast(page, 'Payment request sent successfully.', () =>
      page.getByRole('button', { name: `Send payment request for invoice ${refNo}` }).click(),
    );
    await expect(page.getByRole('row').filter({ hasText: refNo })).toContainText('Requested');
  });

  await test.step('the customer finds it in For Review and pays it from there, after the review', async () => {
    const context = await browser.newContext({ timezoneId: 'America/New_York' });
    const payerPage = await context.newPage();
    await openSignedIn(
      payerPage,
      customer.session,
      customer.businessId,
      `/b/${customer.businessId}/bills/payment-request`,
    );
    const table = payerPage.getByRole('table', { name: 'Payment requests for review' });
    const row = table.getByRole('row').filter({ hasText: refNo });
    await expect(row).toContainText('Harbor Coffee Roasters');
    await expect(row).toContainText('$350.00');
    await row
      .getByRole('button', { name: `Review and pay invoice ${refNo} from Harbor Coffee Roasters` })
      .click();
    const dialog = payerPage.getByRole('dialog', { name: 'Map vendor' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const pay = new MakePaymentPage(payerPage);
    await expect(payerPage.getByRole('heading', { level: 1, name: 'Pay bill' })).toBeVisible();
    await pay.payFrom(new RegExp(`^Chase .*${customer.bank.accountMask.slice(-4)}$`));
    await expect(pay.review).toBeHidden();
    await pay.form.getByRole('button', { name: /^(Schedule payment|Pay)$/ }).click();
    await expect(pay.review).toContainText('$350.00');
    await expect(pay.review).toContainText('Harbor Coffee Roasters');
    await pay.review.getByRole('button', { name: /^Confirm and (pay|schedule)$/ }).click();
    await expect(
      payerPage.getByRole('heading', { level: 1, name: 'Payment to Harbor Coffee Roasters' }),
    ).toBeVisible();
    await context.close();
  });

  await test.step('on the sandbox clock the payee sees it Received and the invoice Paid', async () => {
    let received = false;
    for (let day = 0; day < 8 && !received; day += 1) {
      await advanceSandboxClockViaApi(request, payee.session, 1);
      const res = await request.get(
        `/api/business/${payee.businessId}/payments?payeeId=${payee.businessId}&pageSize=10`,
        { headers },
      );
      const items = (await res.json()).data.items as { status: string }[];
      received = items.length === 1 && items[0]?.status === 'DELIVERED';
    }
    expect(received, 'the payment reached the payee').toBe(true);
    await page.goto(`/b/${payee.businessId}/invoices/payment/list`);
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: '$350.00' })).toContainText(
      'Received',
    );
    // A paid invoice leaves the open list; its page says Paid.
    await page.goto(`/b/${payee.businessId}/invoices/${invoiceId}/detail`);
    await expect(page.getByRole('region', { name: 'Invoice', exact: true })).toContainText('Paid');
    await expectLedgerBalanced(request);
  });
});

test('an overdue invoice gets its scheduled reminder: the payee turns reminders on, and the next sandbox day the customer is emailed', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const payee = await payerWithBankViaApi(request, 'inv-remind', PASSWORD, 'Harbor Coffee Roasters');
  const headers = sessionHeaders(payee.session);
  const email = `ap+${Date.now()}@pelican-deli.example`;
  const customer = await request.post(`/api/business/${payee.businessId}/accounting/contacts/customers`, {
    headers,
    data: { name: 'Pelican Deli', email },
  });
  expect(customer.status(), await customer.text()).toBeLessThan(300);
  const income = await chartAccountViaApi(request, payee.session, payee.businessId, 'INCOME', 'Services');
  // Invoiced 40 days ago on 30-day terms: ten days overdue.
  const invoiceDate = localToday(new Date(Date.now() - 40 * 86_400_000));
  const created = await request.post(`/api/business/${payee.businessId}/accounting/invoices`, {
    headers: { ...headers, 'Idempotency-Key': `e2e-remind-invoice-${Date.now()}` },
    data: {
      customerId: (await customer.json()).data.id,
      refNo: `INV-R${Date.now().toString().slice(-5)}`,
      invoiceDate,
      paymentTerm: 'NET_30',
      lines: [{ chartAccountId: income.id, description: 'Catering coffee', quantity: 1, unitPrice: '480' }],
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const refNo = (await created.json()).data.refNo as string;
  const reminders = async () => {
    const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}&pageSize=20`);
    const items = (await res.json()).data.items as { subject?: string | null }[];
    return items.filter((mail) => (mail.subject ?? '').startsWith('Reminder:')).length;
  };

  await test.step('the request goes out and the payee turns on a reminder every day once overdue', async () => {
    await openSignedIn(page, payee.session, payee.businessId, `/b/${payee.businessId}/invoices`);
    const tour = page.getByRole('dialog', { name: 'Create an invoice' });
    await expect(tour).toBeVisible();
    await tour.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: /^Overdue: \$480\.00/ })).toBeVisible();
    await expectFreshToast(page, 'Payment request sent successfully.', () =>
      page.getByRole('button', { name: `Send payment request for invoice ${refNo}` }).click(),
    );
    await page.getByRole('button', { name: 'Payment reminders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment reminders' });
    await dialog.getByRole('switch', { name: 'Send reminders automatically' }).check();
    await dialog.getByRole('checkbox', { name: 'Before the due date' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'On the due date' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'After the due date, every' }).check();
    await dialog.getByRole('textbox', { name: 'Repeat every (days)' }).fill('1');
    await expectFreshToast(page, 'Reminder settings saved.', () =>
      dialog.getByRole('button', { name: 'Save' }).click(),
    );
    await expect(dialog).toBeHidden();
    expect(await reminders()).toBe(0);
  });

  await test.step('the next sandbox day the customer gets the reminder and the invoice shows it', async () => {
    await advanceSandboxClockViaApi(request, payee.session, 1);
    await expect.poll(reminders, { timeout: 10_000 }).toBe(1);
    await page.getByRole('link', { name: `View invoice ${refNo}` }).click();
    const panel = page.getByRole('region', { name: 'Payment request' });
    await expect(panel.getByText('None yet')).toHaveCount(0);
  });
});
