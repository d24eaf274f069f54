import { expect, test } from '@playwright/test';
import { openSignedIn } from '../pages/business-pages';
import {
  addCardViaApi,
  addNetworkVendorViaApi,
  advanceUntilStatus,
  BillsTab,
  cardAcceptingPayeeViaApi,
  createBillViaApi,
  createVendorWithBankViaApi,
  displayDate,
  MakePaymentPage,
  PaymentDetailPage,
  PaymentsTab,
  payerWithBankViaApi,
  paymentViaApi,
  pickDayAfter,
  railsTodayViaApi,
} from '../pages/pay-pages';
import { expectFreshToast } from '../pages/toasts';

const PASSWORD = 'Ferry-Pay-2026!';

// A payer on the US East Coast: the browser's calendar day is the server's business day (New York).
test.use({ actionTimeout: 15_000, timezoneId: 'America/New_York' });

/** A reference no other run of the same server has used. */
const ref = (prefix: string) => `${prefix}-${Date.now().toString().slice(-6)}`;

test('a bill created in the app is paid by bank at Standard speed and moves from Scheduled through Processing to Delivered as the sandbox clock moves; its PDF previews with zoom and rotate', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const payer = await payerWithBankViaApi(request, 'pay-bank', PASSWORD, 'Harbor Coffee Roasters');
  const { businessId } = payer;
  const vendor = await createVendorWithBankViaApi(request, payer.session, businessId, {
    name: 'Blue Bottle Supply',
    email: `billing+${Date.now()}@bluebottle.example`,
  });
  const refNo = ref('INV');
  const bills = new BillsTab(page);
  const pay = new MakePaymentPage(page);
  const detail = new PaymentDetailPage(page);
  const payments = new PaymentsTab(page);
  let paymentId = '';
  let processDate = '';

  await test.step('the bill is created on the create-bill page', async () => {
    await openSignedIn(page, payer.session, businessId, `/b/${businessId}/bills/due`);
    await expect(page.getByText('No due bills yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Create bill' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/b/${businessId}/bills/create$`));
    const form = page.getByRole('form', { name: 'Create bill' });
    await expect(form.getByRole('heading', { level: 1, name: 'Create bill' })).toBeVisible();
    await form.getByRole('combobox', { name: 'Vendor' }).click();
    await page.getByRole('option', { name: vendor.name }).click();
    const billNumber = form.getByRole('textbox', { name: 'Bill number' });
    await expect(billNumber).not.toHaveValue('');
    await billNumber.fill(refNo);
    await form.getByRole('combobox', { name: 'Line 1 item or account' }).click();
    await page.getByRole('option', { name: 'Consulting services' }).click();
    await form.getByRole('textbox', { name: 'Line 1 unit price' }).fill('1250.00');
    await expect(form.getByLabel('Total $1,250.00', { exact: true })).toBeVisible();
    await expectFreshToast(page, 'Bill saved.', () =>
      form.getByRole('button', { name: 'Save bill' }).click(),
    );
    await expect(page).toHaveURL(new RegExp(`/b/${businessId}/bills/due$`));
    const row = bills.row(refNo);
    await expect(row).toContainText(vendor.name);
    await expect(row).toContainText('$1,250.00');
  });

  await test.step('a click on its row opens the bill, which is edited while nothing is paid on it', async () => {
    await bills.row(refNo).getByRole('cell', { name: refNo, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pay bill' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bill', exact: true })).toContainText(`Ref# ${refNo}`);
    await page.getByRole('link', { name: 'Edit bill' }).click();
    const form = page.getByRole('form', { name: 'Edit bill' });
    await expect(form.getByRole('heading', { level: 1, name: `Edit bill ${refNo}` })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Bill number' })).toHaveValue(refNo);
    await form.getByRole('textbox', { name: 'Memo' }).fill('Edited before paying');
    await expectFreshToast(page, 'Bill updated.', () => form.getByRole('button', { name: 'Save' }).click());
    await expect(page.getByRole('heading', { level: 1, name: 'Pay bill' })).toBeVisible();
  });

  await test.step('it is paid by bank at Standard speed from the bill page, through the review step', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Pay bill' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bill', exact: true })).toContainText(`Ref# ${refNo}`);
    // No source yet: the action says what is missing.
    await expect(pay.form.getByText('Please select a payment method.')).toBeVisible();
    await pay.payFrom(new RegExp(`^Chase .*${payer.bank.accountMask.slice(-4)}$`));
    await expect(pay.speed('Standard')).toBeChecked();
    await expect(pay.form.getByRole('textbox', { name: 'Pay Amount' })).toHaveValue('1,250.00');
    // A business day after the sandbox bank's today: the payment waits, Scheduled, until the clock moves.
    processDate = await pay.processDateAfter(await railsTodayViaApi(request));
    await pay.form.getByRole('textbox', { name: 'Internal Remarks' }).fill('November roast beans');
    // The review names the payee, the vendor's bank (masked), the amount, fee and total before money moves.
    await pay.form.getByRole('button', { name: 'Schedule payment', exact: true }).click();
    await expect(pay.review).toContainText(vendor.name);
    await expect(pay.review).toContainText('••••');
    await expect(pay.review).toContainText('$1,250.00');
    await expect(pay.review).toContainText(displayDate(processDate));
    await pay.review.getByRole('button', { name: 'Back' }).click();
    await expect(pay.review).toBeHidden();
    await expectFreshToast(page, 'Payment scheduled.', () => pay.scheduleAndConfirm());
    await expect(page).toHaveURL(new RegExp(`/b/${businessId}/bills/payment/[0-9a-f]{24}/detail$`));
    paymentId = /payment\/([0-9a-f]{24})\/detail$/.exec(page.url())?.[1] ?? '';
    await expect(page.getByRole('heading', { level: 1, name: `Payment to ${vendor.name}` })).toBeVisible();
    await expect(detail.summary.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(detail.summary.getByText('Process Date', { exact: true })).toBeVisible();
    await expect(detail.summary.getByText(displayDate(processDate), { exact: true })).toBeVisible();
    await expect(detail.summary).toContainText('$1,250.00');
    await expect(detail.delivery.getByText('Standard', { exact: false })).toBeVisible();
    await expect(detail.timeline.getByText('Scheduled', { exact: true })).toBeVisible();
  });

  await test.step("the payment's Preview shows the bill's PDF, zoomed in and out and rotated", async () => {
    await page.getByRole('link', { name: 'Preview' }).click();
    await expect(page).toHaveURL(new RegExp(`/b/${businessId}/bills/payment/${paymentId}$`));
    await expect(page.getByRole('heading', { level: 1, name: vendor.name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bill', exact: true })).toContainText(refNo);
    const due = page.getByRole('region', { name: 'Due amount' });
    await expect(due).toContainText('Due Amount:');
    await expect(due).toContainText('$1,250.00');
    const canvas = page.getByRole('img', { name: 'Page 1 of 1' });
    await expect(canvas).toBeVisible({ timeout: 20_000 });
    const size = () =>
      canvas.evaluate((node) => {
        const c = node as unknown as { clientWidth: number; clientHeight: number };
        return { width: c.clientWidth, height: c.clientHeight };
      });
    await expect.poll(async () => (await size()).width).toBeGreaterThan(0);
    const at100 = await size();
    expect(at100.height).toBeGreaterThan(at100.width);
    await expect(page.getByLabel('Zoom 100%')).toBeVisible();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(page.getByLabel('Zoom 120%')).toBeVisible();
    await expect.poll(async () => (await size()).width).toBeGreaterThan(at100.width);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(page.getByLabel('Zoom 110%')).toBeVisible();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(page.getByLabel('Zoom 100%')).toBeVisible();
    await expect.poll(async () => (await size()).width).toBe(at100.width);
    // A quarter turn: the portrait page lies on its side.
    await page.getByRole('button', { name: 'Rotate' }).click();
    await expect
      .poll(async () => {
        const { width, height } = await size();
        return width > height;
      })
      .toBe(true);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: `Payment to ${vendor.name}` })).toBeVisible();
  });

  await test.step('the Payments tab lists it as Scheduled on its process date', async () => {
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Payments' })
      .click();
    const row = payments.row(refNo);
    await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(row.getByText(`Process Date: ${displayDate(processDate)}`)).toBeVisible();
  });

  await test.step('the sandbox clock moves: Processing', async () => {
    await advanceUntilStatus(request, payer.session, businessId, paymentId, ['PROCESSING']);
    await page.reload();
    const row = payments.row(refNo);
    await expect(row.getByText('Processing', { exact: true })).toBeVisible();
    await expect(row.getByText(/^Process Date: /)).toBeVisible();
    await row.getByRole('link', { name: `View payment to ${vendor.name} for bill ${refNo}` }).click();
    await expect(detail.summary.getByText('Processing', { exact: true })).toBeVisible();
    await expect(detail.timeline.getByText('Processing', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel payment' })).toHaveCount(0);
  });

  await test.step('the clock moves on: Delivered, with its delivery date; the bill is paid', async () => {
    const delivered = await advanceUntilStatus(request, payer.session, businessId, paymentId, ['DELIVERED']);
    await page.reload();
    await expect(detail.summary.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(detail.summary.getByText('Delivery Date', { exact: true })).toBeVisible();
    await expect(detail.summary.getByText(displayDate(delivered.date), { exact: true })).toBeVisible();
    await expect(detail.timeline.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(detail.timeline.getByText('Processing', { exact: true })).toBeVisible();
    await expect(detail.timeline.getByText('Scheduled', { exact: true })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Payments' })
      .click();
    const row = payments.row(refNo);
    await expect(row.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(row.getByText(`Delivery Date: ${displayDate(delivered.date)}`)).toBeVisible();

    await page.getByRole('tab', { name: /^Bills/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bills' })).toBeVisible();
    await expect(bills.row(refNo)).toHaveCount(0);
    expect((await paymentViaApi(request, payer.session, businessId, paymentId)).bill.balance).toBe(0);
  });
});

test('a bill of a vendor on Ferry that surcharges credit cards is paid by card with the card fee shown on the form and on the payment', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const payer = await payerWithBankViaApi(request, 'pay-card', PASSWORD, 'Harbor Coffee Roasters');
  const { businessId } = payer;
  const payeeName = `Northwind Roasting ${Date.now().toString().slice(-5)}`;
  const payee = await cardAcceptingPayeeViaApi(request, 'pay-payee', PASSWORD, payeeName);
  const vendor = await addNetworkVendorViaApi(request, payer.session, businessId, payee.businessId);
  await addCardViaApi(request, payer.session, businessId, {
    number: '4242424242424242',
    name: `${payer.firstName} ${payer.lastName}`,
  });
  const bill = await createBillViaApi(request, payer.session, businessId, {
    vendorId: vendor.id,
    refNo: ref('NW'),
    amount: '100.00',
  });
  const pay = new MakePaymentPage(page);
  const detail = new PaymentDetailPage(page);
  let processDate = '';

  await test.step('the card is chosen: Standard only, and the 2.9% surcharge is added to the total', async () => {
    await openSignedIn(page, payer.session, businessId, `/b/${businessId}/bills/due`);
    await new BillsTab(page).payLink(bill.refNo).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pay bill' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bill', exact: true })).toContainText(payeeName);
    await pay.payFrom('Visa card *** 4242');
    await expect(pay.form.getByLabel('Card fee $2.90')).toBeVisible();
    await expect(pay.form.getByLabel('Total $102.90')).toBeVisible();
    await expect(pay.speed('Standard')).toBeChecked();
    for (const speed of ['Instant', 'Same Day', 'Next Day']) await expect(pay.speed(speed)).toBeDisabled();
    // The spec's sentence, then why; and who pays the fee.
    await expect(
      pay.form
        .getByText(
          'This payment isn’t eligible for this delivery speed. Card payments go by Standard delivery only.',
        )
        .first(),
    ).toBeVisible();
    await expect(pay.form.getByText(/^Paid by you: the vendor adds a 2\.9% card fee/)).toBeVisible();

    // A partial amount re-quotes the fee.
    const amount = pay.form.getByRole('textbox', { name: 'Pay Amount' });
    await amount.fill('50');
    await amount.blur();
    await expect(amount).toHaveValue('50.00');
    await expect(pay.form.getByLabel('Card fee $1.45')).toBeVisible();
    await expect(pay.form.getByLabel('Total $51.45')).toBeVisible();
    await amount.fill('100');
    await amount.blur();
    await expect(pay.form.getByLabel('Card fee $2.90')).toBeVisible();
    await expect(pay.form.getByLabel('Total $102.90')).toBeVisible();

    processDate = await pay.processDateAfter(await railsTodayViaApi(request));
    await expectFreshToast(page, 'Payment scheduled.', () => pay.scheduleAndConfirm());
  });

  await test.step('the payment shows the fee and the total that leaves the card', async () => {
    await expect(page.getByRole('heading', { level: 1, name: `Payment to ${payeeName}` })).toBeVisible();
    await expect(detail.summary.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(detail.summary.getByText('$100.00', { exact: true })).toBeVisible();
    await expect(detail.summary.getByText('Card fee $2.90 · Total $102.90')).toBeVisible();
    await expect(detail.summary.getByText('Visa *** 4242', { exact: true })).toBeVisible();
    await expect(detail.summary.getByText(displayDate(processDate), { exact: true })).toBeVisible();
    const paymentId = /payment\/([0-9a-f]{24})\/detail$/.exec(page.url())?.[1] ?? '';
    expect(await paymentViaApi(request, payer.session, businessId, paymentId)).toMatchObject({
      status: 'SCHEDULED',
      amount: 100,
      feeAmount: 2.9,
      totalAmount: 102.9,
    });
  });
});

test('three bills are scheduled in one go from the Bills tab; one payment is canceled and one rescheduled, and a fourth bill is marked as paid', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const payer = await payerWithBankViaApi(request, 'pay-bulk', PASSWORD, 'Harbor Coffee Roasters');
  const { businessId } = payer;
  const vendor = await createVendorWithBankViaApi(request, payer.session, businessId, {
    name: 'Acme Paper Co',
    email: `ap+${Date.now()}@acmepaper.example`,
  });
  const stamp = Date.now().toString().slice(-5);
  const [first, second, third, fourth] = await Promise.all(
    [
      ['A', '310.00'],
      ['B', '420.50'],
      ['C', '99.99'],
      ['D', '75.00'],
    ].map(([suffix, amount]) =>
      createBillViaApi(request, payer.session, businessId, {
        vendorId: vendor.id,
        refNo: `AP-${stamp}-${suffix}`,
        amount: amount as string,
      }),
    ),
  );
  if (!first || !second || !third || !fourth) throw new Error('bills not created');
  const bills = new BillsTab(page);
  const payments = new PaymentsTab(page);
  const detail = new PaymentDetailPage(page);
  const bankOption = new RegExp(`^Chase .*${payer.bank.accountMask.slice(-4)}$`);
  let processDate = '';

  await test.step('three bills are selected and scheduled with one source, speed and date', async () => {
    await openSignedIn(page, payer.session, businessId, `/b/${businessId}/bills/due`);
    for (const bill of [first, second, third]) {
      await bills
        .row(bill.refNo)
        .getByRole('checkbox', { name: `Select bill ${bill.refNo}` })
        .check();
    }
    await page.getByRole('button', { name: 'Pay selected (3)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule payments' });
    await expect(dialog).toBeVisible();
    const toPay = dialog.getByRole('table', { name: 'Bills to pay' });
    for (const [bill, amount] of [
      [first, '310.00'],
      [second, '420.50'],
      [third, '99.99'],
    ] as const) {
      await expect(toPay.getByRole('textbox', { name: `Amount for ${bill.refNo}` })).toHaveValue(amount);
    }
    await dialog.getByRole('combobox', { name: 'Pay From' }).click();
    await page.getByRole('option', { name: bankOption }).click();
    await expect(dialog.getByRole('radio', { name: 'Standard' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Process Date' }).click();
    processDate = await pickDayAfter(page, await railsTodayViaApi(request));
    await dialog.getByRole('button', { name: 'Schedule 3 payments' }).click();
    await expect(dialog.getByRole('status')).toHaveText('3 of 3 payments scheduled.');
    const results = dialog.getByRole('table', { name: 'Results' });
    for (const bill of [first, second, third]) {
      const row = results.getByRole('row').filter({ hasText: bill.refNo });
      await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();
      await expect(row).toContainText(`on ${displayDate(processDate)}`);
    }
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    // Fully scheduled bills cannot be paid again; the fourth still can.
    for (const bill of [first, second, third]) {
      await expect(bills.payLink(bill.refNo)).toHaveCount(0);
    }
    await expect(bills.payLink(fourth.refNo)).toBeVisible();
  });

  await test.step('the first payment is canceled from its detail page', async () => {
    await page.getByRole('tab', { name: 'Payments' }).click();
    for (const bill of [first, second, third]) {
      const row = payments.row(bill.refNo);
      await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();
      await expect(row.getByText(`Process Date: ${displayDate(processDate)}`)).toBeVisible();
    }
    await payments
      .row(first.refNo)
      .getByRole('link', { name: `View payment to ${vendor.name} for bill ${first.refNo}` })
      .click();
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel payment' });
    await expect(dialog).toContainText(
      `The payment of $310.00 to ${vendor.name} for bill ${first.refNo} will not be sent`,
    );
    await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Paid by check instead');
    await expectFreshToast(page, 'Payment canceled.', () =>
      dialog.getByRole('button', { name: 'Cancel payment' }).click(),
    );
    await expect(dialog).toBeHidden();
    await expect(detail.summary.getByText('Canceled', { exact: true })).toBeVisible();
    await expect(detail.summary.getByText('Cancelation Date', { exact: true })).toBeVisible();
    await expect(detail.timeline.getByText('Canceled', { exact: true })).toBeVisible();
    await expect(detail.timeline.getByText('Paid by check instead')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel payment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  });

  await test.step('the second payment is moved to a later business day', async () => {
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Payments' })
      .click();
    await expect(payments.row(first.refNo).getByText('Canceled', { exact: true })).toBeVisible();
    await expect(payments.row(first.refNo).getByText(/^Cancelation Date: /)).toBeVisible();
    await payments
      .row(second.refNo)
      .getByRole('link', { name: `View payment to ${vendor.name} for bill ${second.refNo}` })
      .click();
    await expect(detail.summary.getByText(displayDate(processDate), { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule payment' });
    await expect(dialog).toContainText(`It is now set for ${displayDate(processDate)}.`);
    await dialog.getByRole('button', { name: 'Process date' }).click();
    const later = await pickDayAfter(page, processDate);
    await expectFreshToast(page, 'Payment rescheduled.', () =>
      dialog.getByRole('button', { name: 'Reschedule' }).click(),
    );
    await expect(dialog).toBeHidden();
    await expect(detail.summary.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(detail.summary.getByText(displayDate(later), { exact: true })).toBeVisible();
    await expect(detail.delivery.getByText(displayDate(later), { exact: true })).toBeVisible();
    await expect(detail.timeline.getByText('Payment rescheduled', { exact: true })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Payments' })
      .click();
    await expect(payments.row(second.refNo).getByText(`Process Date: ${displayDate(later)}`)).toBeVisible();
    await expect(
      payments.row(third.refNo).getByText(`Process Date: ${displayDate(processDate)}`),
    ).toBeVisible();
  });

  await test.step('the canceled bill can be paid again; the fourth is marked as paid', async () => {
    await page.getByRole('tab', { name: /^Bills/ }).click();
    await expect(bills.payLink(first.refNo)).toBeVisible();
    await bills
      .row(fourth.refNo)
      .getByRole('button', { name: `Mark bill ${fourth.refNo} as paid` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Mark Bill as Paid' });
    await expect(dialog.getByRole('radio', { name: 'Due amount ($75.00)' })).toBeChecked();
    await dialog.getByRole('combobox', { name: 'Payment account' }).click();
    await page.getByRole('option', { name: bankOption }).click();
    await expectFreshToast(page, 'Marked as paid successfully.', () =>
      dialog.getByRole('button', { name: 'Mark as paid' }).click(),
    );
    await expect(dialog).toBeHidden();
    await expect(bills.row(fourth.refNo)).toHaveCount(0);

    await page.getByRole('tab', { name: 'Payments' }).click();
    const row = payments.row(fourth.refNo);
    await expect(row.getByText('Marked as Paid', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: /^View payment/ })).toHaveCount(0);
    await expect(row).toContainText('$75.00');
  });
});

test('a payment the bank returns for insufficient funds shows Failed with the payer message, and is retried and delivered', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const payer = await payerWithBankViaApi(request, 'pay-fail', PASSWORD, 'Harbor Coffee Roasters');
  const { businessId } = payer;
  const vendor = await createVendorWithBankViaApi(request, payer.session, businessId, {
    name: 'Granite Logistics',
    email: `ar+${Date.now()}@granite.example`,
  });
  // $13.01: the sandbox bank returns the first debit R01 (insufficient funds).
  const bill = await createBillViaApi(request, payer.session, businessId, {
    vendorId: vendor.id,
    refNo: ref('GL'),
    amount: '13.01',
  });
  const pay = new MakePaymentPage(page);
  const detail = new PaymentDetailPage(page);
  let paymentId = '';

  await test.step('the bill is paid by bank', async () => {
    await openSignedIn(page, payer.session, businessId, `/b/${businessId}/bills/due`);
    await new BillsTab(page).payLink(bill.refNo).click();
    await pay.payFrom(new RegExp(`^Chase .*${payer.bank.accountMask.slice(-4)}$`));
    await expect(pay.form.getByRole('textbox', { name: 'Pay Amount' })).toHaveValue('13.01');
    await pay.processDateAfter(await railsTodayViaApi(request));
    await expectFreshToast(page, 'Payment scheduled.', () => pay.scheduleAndConfirm());
    await expect(detail.summary.getByText('Scheduled', { exact: true })).toBeVisible();
    paymentId = /payment\/([0-9a-f]{24})\/detail$/.exec(page.url())?.[1] ?? '';
  });

  await test.step('the clock moves, the debit is returned: Failed with the payer message and Retry', async () => {
    const failed = await advanceUntilStatus(request, payer.session, businessId, paymentId, ['FAILED']);
    expect(failed.failureReason).toBe('INSUFFICIENT_BANK_BALANCE');
    await page.reload();
    await expect(detail.summary.getByText('Failed', { exact: true })).toBeVisible();
    await expect(detail.summary.getByText('Failure Date', { exact: true })).toBeVisible();
    const alert = page.getByRole('alert', { name: 'Payment failed' });
    await expect(alert).toContainText(
      'This payment failed due to insufficient funds. Please ensure sufficient funds before retrying.',
    );
    await expect(alert).toContainText('R01');
    await expect(detail.timeline.getByText('Failed', { exact: true })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Payments' })
      .click();
    const row = new PaymentsTab(page).row(bill.refNo);
    await expect(row.getByText('Failed', { exact: true })).toBeVisible();
    await expect(row.getByText(/^Failure Date: /)).toBeVisible();
    await row.getByRole('link', { name: `View payment to ${vendor.name} for bill ${bill.refNo}` }).click();
  });

  await test.step('Retry payment schedules it again, and this time it is delivered', async () => {
    await page.getByRole('button', { name: 'Retry payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retry payment' });
    await expect(dialog).toContainText(`The payment of $13.01 to ${vendor.name}`);
    await expectFreshToast(page, 'Payment scheduled again.', () =>
      dialog.getByRole('button', { name: 'Retry payment' }).click(),
    );
    await expect(dialog).toBeHidden();
    await expect(detail.summary.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(detail.summary.getByText('Process Date', { exact: true })).toBeVisible();
    await expect(detail.timeline.getByText('Payment retried', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert', { name: 'Payment failed' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retry payment' })).toHaveCount(0);
    const retried = await paymentViaApi(request, payer.session, businessId, paymentId);
    expect(retried.reattempts).toBe(1);

    const delivered = await advanceUntilStatus(request, payer.session, businessId, paymentId, ['DELIVERED']);
    await page.reload();
    await expect(detail.summary.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(detail.summary.getByText('Delivery Date', { exact: true })).toBeVisible();
    await expect(detail.summary.getByText(displayDate(delivered.date), { exact: true })).toBeVisible();
    await expect(detail.timeline.getByText('Delivered', { exact: true })).toBeVisible();
  });
});

test("a payment request another Ferry business sent lands in For Review, its sender becomes a vendor, and paying it waits for the vendor's bank details", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const payer = await payerWithBankViaApi(request, 'pay-review', PASSWORD, 'Harbor Coffee Roasters');
  const { businessId } = payer;
  const sender = 'Northwind Supply Co.';
  const pay = new MakePaymentPage(page);
  const detail = new PaymentDetailPage(page);
  let refNo = '';

  await test.step('For Review starts empty; the sandbox supplier sends an invoice', async () => {
    await openSignedIn(page, payer.session, businessId, `/b/${businessId}/bills/payment-request`);
    await expect(page.getByRole('tab', { name: /For Review/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Looks like you are all caught up!' })).toBeVisible();
    // The toast says which invoice came; the table is the lasting proof (the toast closes by itself).
    await page.getByRole('button', { name: 'Send a sample payment request' }).click();
    const table = page.getByRole('table', { name: 'Payment requests for review' });
    const row = table.getByRole('row').filter({ hasText: sender });
    await expect(row).toHaveCount(1);
    refNo = ((await row.getByRole('cell').nth(1).textContent()) ?? '').trim();
    expect(refNo).toMatch(/^NW-\d+$/);
    await expect(row.getByText('Requested', { exact: true })).toBeVisible();
  });

  await test.step('Review & pay maps the sender to a new vendor and opens its bill for payment', async () => {
    await page.getByRole('button', { name: `Review and pay invoice ${refNo} from ${sender}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Map vendor' });
    await expect(dialog).toContainText(`Which of your vendors is ${sender}?`);
    await expect(dialog.getByRole('radio', { name: `Add ${sender} as a new vendor` })).toBeChecked();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/b/${businessId}/bills/payment-request/[0-9a-f]{24}/make-payment\\?paymentRequestId=`),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Pay bill' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bill', exact: true })).toContainText(sender);
    await expect(page.getByRole('region', { name: 'Bill', exact: true })).toContainText(`Ref# ${refNo}`);
    const requestPanel = page.getByRole('region', { name: 'Payment request' });
    await expect(requestPanel).toContainText(sender);
    const activity = requestPanel.getByLabel('Payment request activity');
    await expect(activity.getByText('Requested', { exact: true })).toBeVisible();
    await expect(activity.getByText('Vendor mapped', { exact: true })).toBeVisible();
  });

  await test.step('the vendor has no bank on file: the payment waits for it, and a reminder can be sent', async () => {
    await pay.payFrom(new RegExp(`^Chase .*${payer.bank.accountMask.slice(-4)}$`));
    await pay.processDateAfter(await railsTodayViaApi(request));
    await expectFreshToast(page, `Payment created. We emailed ${sender} to accept it.`, () =>
      pay.scheduleAndConfirm(),
    );
    await expect(page.getByRole('heading', { level: 1, name: `Payment to ${sender}` })).toBeVisible();
    await expect(detail.summary.getByText('Pending', { exact: true })).toBeVisible();
    await expect(detail.summary).toContainText(
      'Waiting for the vendor to accept this payment and add their bank details.',
    );
    await expectFreshToast(page, 'Reminder sent to the vendor.', () =>
      page.getByRole('button', { name: 'Resend reminder' }).click(),
    );
  });

  await test.step('the sender is on the vendors list; the request stays in For Review as Processing', async () => {
    await page.goto(`/b/${businessId}/vendors`);
    await expect(page.getByRole('cell', { name: sender })).toBeVisible();
    await page.goto(`/b/${businessId}/bills/payment-request`);
    const row = page
      .getByRole('table', { name: 'Payment requests for review' })
      .getByRole('row')
      .filter({ hasText: refNo });
    await expect(row.getByText('Processing', { exact: true })).toBeVisible();
  });
});
