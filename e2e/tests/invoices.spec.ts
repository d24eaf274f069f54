import { expect, test } from '@playwright/test';
import { openSignedIn } from '../pages/business-pages';
import { payerWithBankViaApi } from '../pages/pay-pages';
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
    // The customer is not on Ferry: the request cannot be sent, and the button says why.
    const send = row.getByRole('button', { name: `Send payment request for invoice ${refNo}` });
    await expect(send).toHaveAttribute('aria-disabled', 'true');
    await send.hover();
    await expect(
      page.getByText('To send a payment request, link this customer to their business on Ferry.'),
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
