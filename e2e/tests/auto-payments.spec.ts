import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  enterCode,
  newPerson,
  outboxMessageIds,
  readCodeFromOutbox,
  readLinkFromOutbox,
} from '../pages/access-pages';
import { chartAccountViaApi } from '../pages/banking-pages';
import { openSignedIn, sessionHeaders } from '../pages/business-pages';
import {
  addGuestBankInstantly,
  advanceUntil,
  letters,
  openGuestLink,
  verifyNewPhone,
} from '../pages/guest-pages';
import { expectLedgerBalanced, payerWithBankViaApi, railsTodayViaApi } from '../pages/pay-pages';

/*
 * Issue 20's journey (Chromium, codes and links from the dev outbox): a payee asks a customer that is not
 * on Ferry for auto payments; the customer authorises them by bank from the email as a guest; the payee
 * issues two invoices, and on the sandbox clock each is paid on its due date and delivered; the customer
 * then cancels the authorisation, and the next invoice is not paid.
 */

const PASSWORD = 'Ferry-AutoPay-2026!';
type Session = { token: string; sessionId: string };
type Run = { invoiceNumber: string; dueDate: string; status: string; paymentStatus: string | null };

test.use({ actionTimeout: 15_000, timezoneId: 'America/New_York' });

const AUTO_PAY_LINK = /https?:\/\/\S+\/process\/auto-pay\/info\?token=[\w-]+/;

/** 'YYYY-MM-DD' `days` after `date`. */
const plusDays = (date: string, days: number) => {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
};

/** The payee's auto payments (GET /business/{id}/auto-payments). */
async function runsOf(request: APIRequestContext, session: Session, businessId: string): Promise<Run[]> {
  const res = await request.get(`/api/business/${businessId}/auto-payments?pageSize=20`, {
    headers: sessionHeaders(session),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.items as Run[];
}

test('a customer not on Ferry authorises auto payments by bank from the email; two invoices are paid on their due dates; after the customer cancels, the next one is not', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const payee = await payerWithBankViaApi(request, 'autopayee', PASSWORD, 'Harbor Coffee Roasters');
  const { businessId, session } = payee;
  const headers = sessionHeaders(session);
  const guest = newPerson('autopayer');
  const customerName = `Bernal Bakery ${letters()}`;
  const income = await chartAccountViaApi(request, session, businessId, 'INCOME', 'Services');
  const customer = await request.post(`/api/business/${businessId}/accounting/contacts/customers`, {
    headers,
    data: { name: customerName, email: guest.email },
  });
  expect([200, 201], await customer.text()).toContain(customer.status());
  const customerId = (await customer.json()).data.id as string;

  /** An invoice dated `invoiceDate`, due 7 days later. */
  const invoice = async (refNo: string, invoiceDate: string, dollars: string) => {
    const res = await request.post(`/api/business/${businessId}/accounting/invoices`, {
      headers: { ...headers, 'Idempotency-Key': `e2e-autopay-${refNo}-${Date.now()}` },
      data: {
        customerId,
        refNo,
        invoiceDate,
        paymentTerm: 'NET_7',
        lines: [
          {
            chartAccountId: income.id,
            description: 'Pastries, weekly order',
            quantity: 1,
            unitPrice: dollars,
          },
        ],
      },
    });
    expect([200, 201], await res.text()).toContain(res.status());
    return (await res.json()).data as { id: string; refNo: string; dueDate: string };
  };

  await test.step('the payee asks the customer for auto payments from the customer page', async () => {
    await openSignedIn(page, session, businessId, `/b/${businessId}/customers/${customerId}`);
    const card = page.getByRole('region', { name: 'Auto payments' });
    await card.getByRole('button', { name: 'Request auto payments' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(guest.email);
    await dialog.getByRole('button', { name: /Send request|Request auto payments/ }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Pending');
    await expect(card).toContainText('Authorization Request Sent');
  });

  const link = await readLinkFromOutbox(request, guest.email, AUTO_PAY_LINK);
  const guestPage = await openGuestLink(browser, request, link, guest, /\/process\/auto-pay\/method/);

  await test.step('the customer confirms a phone, adds a bank and authorises with the SMS code', async () => {
    await verifyNewPhone(guestPage, request, guest);
    await expect(
      guestPage.getByRole('heading', { level: 1, name: 'Authorize auto payments to Harbor Coffee Roasters' }),
    ).toBeVisible();
    const authorize = guestPage.getByRole('button', { name: 'Authorize' });
    await addGuestBankInstantly(guestPage);
    await guestPage.getByRole('radio', { name: /Chase/ }).first().check();
    // Authorize stays off until the authorisation is ticked.
    await expect(authorize).toBeDisabled();
    await guestPage.getByRole('checkbox', { name: /I authorize Harbor Coffee Roasters/ }).check();
    const seen = await outboxMessageIds(request, guest.e164);
    await authorize.click();
    const codeDialog = guestPage.getByRole('dialog');
    await expect(codeDialog).toBeVisible();
    await enterCode(codeDialog, await readCodeFromOutbox(request, guest.e164, seen));
    await expect(guestPage).toHaveURL(/\/process\/auto-pay\/success/);
    await expect(guestPage.getByText('Authorized Successfully.')).toBeVisible();
  });

  await test.step('the payee sees the authorisation', async () => {
    await page.reload();
    const card = page.getByRole('region', { name: 'Auto payments' });
    await expect(card).toContainText('Enabled');
    await expect(card).toContainText('Auto Payments Authorized');
  });

  const today = await railsTodayViaApi(request);
  const first = await invoice(`AP-${letters().toUpperCase()}1`, plusDays(today, -5), '240.00');
  const second = await invoice(`AP-${letters().toUpperCase()}2`, plusDays(today, -2), '360.00');

  await test.step('on the sandbox clock each invoice is paid on its due date and delivered', async () => {
    await advanceUntil(
      request,
      session,
      async () => {
        const runs = await runsOf(request, session, businessId);
        return (
          runs.length === 2 &&
          runs.every((run) => run.status === 'SUBMITTED' && run.paymentStatus === 'Delivered')
        );
      },
      14,
    );
    const runs = await runsOf(request, session, businessId);
    for (const made of [first, second]) {
      const run = runs.find((r) => r.invoiceNumber === made.refNo);
      expect(run, made.refNo).toMatchObject({ dueDate: made.dueDate, status: 'SUBMITTED' });
    }
    const paid = await request.get(`/api/business/${businessId}/invoices?status=paid`, { headers });
    const refNos = ((await paid.json()).data.items as { refNo: string }[]).map((item) => item.refNo);
    expect(refNos).toEqual(expect.arrayContaining([first.refNo, second.refNo]));
    // Both are in the payee's auto payments, with the auto-payment badge on Get Paid > Payments.
    await page.goto(`/b/${businessId}/invoices/payment/list`);
    await expect(page.getByRole('table').getByText('Auto payment').first()).toBeVisible();
  });

  await test.step('the customer comes back from the link and cancels auto payments', async () => {
    await guestPage.goto(new URL(link).pathname.replace('/info', '/method') + new URL(link).search);
    await guestPage.getByRole('button', { name: 'Cancel auto payments' }).click();
    const dialog = guestPage.getByRole('dialog', { name: 'Cancel auto payments' });
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Cancel auto payments' }).click();
    await expect(dialog).toBeHidden();
    await expect(guestPage.getByText(/no longer active|canceled/i).first()).toBeVisible();
  });

  const third = await invoice(`AP-${letters().toUpperCase()}3`, await railsTodayViaApi(request), '120.00');

  await test.step('the next invoice is not paid', async () => {
    // Past its due date: no auto payment was made for it, and it is still open.
    for (let day = 0; day < 8; day += 1) {
      await request.post('/api/sandbox/clock/advance', { headers, data: { businessDays: 1 } });
    }
    const runs = await runsOf(request, session, businessId);
    expect(runs.map((run) => run.invoiceNumber)).not.toContain(third.refNo);
    const open = await request.get(`/api/business/${businessId}/invoices?status=unpaid`, { headers });
    expect(((await open.json()).data.items as { refNo: string }[]).map((item) => item.refNo)).toContain(
      third.refNo,
    );
    await page.goto(`/b/${businessId}/customers/${customerId}`);
    const card = page.getByRole('region', { name: 'Auto payments' });
    await expect(card).toContainText('Auto Payments Canceled');
    await expectLedgerBalanced(request);
  });
});
