import { expect, test } from '@playwright/test';
import { enterCode, outboxMessageIds, readCodeFromOutbox, SignInPage } from '../pages/access-pages';
import { closeHomeTour } from '../pages/business-pages';
import {
  BillsTab,
  MakePaymentPage,
  PaymentDetailPage,
  PaymentsTab,
  railsTodayViaApi,
} from '../pages/pay-pages';

// The second Ferry of the config, loaded by `npm run demo` (apps/server/src/demo) before it started.
test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_DEMO_PORT ?? 3211}` });

const DEMO = { email: 'maya@harborcoffee.example', password: 'Harbor-Demo-2026!', phone: '+14155550142' };

test('the demo account: overdue bills on home, a bill opened from the list, edited, paid through the review step, and its payment in every list', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const signIn = new SignInPage(page);
  await signIn.open();
  const seen = await outboxMessageIds(request, DEMO.phone);
  await signIn.signIn(DEMO.email, DEMO.password);
  await enterCode(signIn.codeDialog, await readCodeFromOutbox(request, DEMO.phone, seen));
  await page.waitForURL(/\/b\/[^/]+\/home$/);
  await closeHomeTour(page);

  // Home: what a business owner opens the app for.
  const overdue = page.getByRole('article', { name: 'Overdue bills' });
  await expect(overdue).toContainText(/\d+ bills? past the due date/);
  await expect(overdue).toContainText(/\$[\d,]+\.\d\d/);
  await expect(page.getByRole('article', { name: 'Scheduled to go out' })).toContainText(/\$[\d,]+\.\d\d/);
  await overdue.getByRole('link', { name: 'Review overdue bills' }).click();
  await page.waitForURL(/\/bills\/due\?summary=OVERDUE/);

  // An overdue bill nobody has paid yet: its row opens the bill.
  const bills = new BillsTab(page);
  const payable = bills.table
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: /^Pay bill / }) })
    .first();
  const payLabel = await payable.getByRole('link', { name: /^Pay bill / }).getAttribute('aria-label');
  const refNo = (payLabel ?? '').replace(/^Pay bill /, '').trim();
  expect(refNo).not.toBe('');
  await payable.getByRole('cell', { name: refNo, exact: true }).click();
  await page.waitForURL(/\/make-payment$/);
  await expect(page.getByRole('heading', { name: 'Pay bill' })).toBeVisible();
  await expect(page.getByText(`Ref# ${refNo}`)).toBeVisible();

  // Edit it: a new bill number, saved, shown on the bill.
  const newRef = `${refNo}-R`.slice(0, 21);
  await page.getByRole('link', { name: 'Edit bill' }).click();
  const editForm = page.getByRole('form', { name: 'Edit bill' });
  await expect(editForm.getByLabel('Bill number')).toHaveValue(refNo);
  await editForm.getByLabel('Bill number').fill(newRef);
  await editForm.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/make-payment$/);
  await expect(page.getByText(`Ref# ${newRef}`)).toBeVisible();

  // Pay it through the review step: nothing moves until Confirm.
  const pay = new MakePaymentPage(page);
  await expect(page.getByText('Paying to')).toBeVisible();
  await pay.payFrom(/Chase/);
  // A later business day than the sandbox's today, so the payment waits as Scheduled whatever the day.
  await pay.processDateAfter(await railsTodayViaApi(page.request));
  await pay.form.getByRole('button', { name: 'Schedule payment', exact: true }).click();
  await expect(pay.review).toBeVisible();
  for (const label of [
    'Payee',
    'Receiving bank',
    'Pay from',
    'Amount',
    'Fee',
    'Total debited',
    'Debit date',
    'Expected delivery',
  ]) {
    await expect(pay.review).toContainText(label);
  }
  await expect(pay.review).toContainText(/••••\d{4}/);
  await pay.review.getByRole('button', { name: /^Confirm and (pay|schedule)$/ }).click();
  await page.waitForURL(/\/bills\/payment\/[^/]+\/detail$/);
  await expect(new PaymentDetailPage(page).summary).toContainText('Scheduled');
  await expect(page.getByRole('region', { name: 'Bill', exact: true })).toContainText(newRef);
  const vendorName = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')
    .replace(/^Payment to /, '')
    .trim();
  expect(vendorName).not.toBe('');

  // The payment in every list it belongs to: the Payments tab (found by its vendor), the bill's row in
  // the overdue bills, and home's recent payments.
  const businessPath = new URL(page.url()).pathname.split('/bills/')[0];
  await page.goto(`${businessPath}/bills/payment/list`);
  await page.getByPlaceholder('Search by vendor').fill(vendorName);
  // (A bill may carry an earlier, canceled payment too: the new one is the scheduled row.)
  await expect(new PaymentsTab(page).row(newRef).filter({ hasText: 'Scheduled' })).toHaveCount(1);
  await page.goto(`${businessPath}/bills/due?summary=OVERDUE`);
  await expect(bills.row(newRef)).toContainText('Scheduled');
  await page.goto(`${businessPath}/home`);
  await expect(page.getByRole('region', { name: 'Recent payments' })).toContainText(newRef);
});
