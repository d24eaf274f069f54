import { addBusinessDays } from '@ferry/domain/dates';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { registerViaApi } from './access-pages';
import { advanceSandboxClockViaApi, type BankAccountApiView, linkInstantBankViaApi } from './banking-pages';
import { createBusinessViaApi, sessionHeaders, verifyBusinessViaApi } from './business-pages';

type Session = { token: string; sessionId: string };

const idempotencyKey = (label: string) =>
  `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/** A payment as `GET /api/business/{id}/payments/{paymentId}` answers it (the fields the journeys read). */
export type PaymentApiView = {
  id: string;
  status: string;
  amount: number;
  feeAmount: number;
  totalAmount: number;
  processDate: string;
  date: string;
  failureReason: string | null;
  failureMessage: string | null;
  reattempts: number;
  bill: { id: string; refNo: string; balance: number };
};

/**
 * A payer ready to pay: a registered owner with a FULL_VERIFIED business (so payments are not held in
 * the queue) and a bank linked instantly in the sandbox and booked to 'Business Checking'.
 */
export async function payerWithBankViaApi(
  request: APIRequestContext,
  tag: string,
  password: string,
  businessName: string,
): Promise<{
  session: Session;
  businessId: string;
  bank: BankAccountApiView;
  firstName: string;
  lastName: string;
}> {
  const owner = await registerViaApi(request, tag, password);
  const businessId = await createBusinessViaApi(request, owner.session, businessName);
  await verifyBusinessViaApi(request, owner.session, businessId, `${businessName} LLC`);
  const [bank] = await linkInstantBankViaApi(request, owner.session, businessId);
  expect(bank, 'linked bank').toBeDefined();
  return {
    session: owner.session,
    businessId,
    bank: bank as BankAccountApiView,
    firstName: owner.firstName,
    lastName: owner.lastName,
  };
}

/** A vendor added by hand with bank details on file (the payer's side of the vendor). */
export async function createVendorWithBankViaApi(
  request: APIRequestContext,
  session: Session,
  businessId: string,
  vendor: { name: string; email: string },
): Promise<{ id: string; name: string }> {
  const headers = sessionHeaders(session);
  const created = await request.post(`/api/business/${businessId}/accounting/contacts/vendors`, {
    headers,
    data: vendor,
  });
  expect([200, 201], await created.text()).toContain(created.status());
  const { id } = (await created.json()).data as { id: string };
  const bank = await request.post(`/api/business/${businessId}/banking/connection/vendor-account`, {
    headers: { ...headers, 'Idempotency-Key': idempotencyKey('vendor-bank') },
    data: {
      vendorId: id,
      bankName: 'First Republic',
      accountType: 'BUSINESS_CHECKING',
      accountHolderName: vendor.name,
      routingNumber: '021000021',
      accountNumber: '7654321098',
      confirmAccountNumber: '7654321098',
      consent: true,
    },
  });
  expect([200, 201], await bank.text()).toContain(bank.status());
  return { id, name: vendor.name };
}

/** Today's calendar date in the machine's time zone (the browser runs in the same one). */
export const localToday = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** A bill of one line (Ferry's default 'Consulting services' item) for `amount` dollars. */
export async function createBillViaApi(
  request: APIRequestContext,
  session: Session,
  businessId: string,
  bill: { vendorId: string; refNo: string; amount: string; billDate?: string },
): Promise<{ id: string; refNo: string }> {
  const headers = sessionHeaders(session);
  const items = await request.get(`/api/business/${businessId}/accounting/items?pageSize=1000`, { headers });
  expect(items.status(), await items.text()).toBe(200);
  const itemList = (await items.json()).data as
    | { items: { id: string; name: string }[] }
    | { id: string; name: string }[];
  const list = Array.isArray(itemList) ? itemList : itemList.items;
  const item = list.find((candidate) => candidate.name === 'Consulting services') ?? list[0];
  const created = await request.post(`/api/business/${businessId}/bills`, {
    headers: { ...headers, 'Idempotency-Key': idempotencyKey('bill') },
    data: {
      vendorId: bill.vendorId,
      refNo: bill.refNo,
      billDate: bill.billDate ?? localToday(),
      paymentTerm: 'NET_7',
      lines: [{ itemId: item?.id, quantity: 1, unitPrice: bill.amount }],
    },
  });
  expect([200, 201], await created.text()).toContain(created.status());
  const { id } = (await created.json()).data as { id: string };
  return { id, refNo: bill.refNo };
}

/**
 * A payee on Ferry that accepts cards with the surcharge on, set up through the API as the
 * accept-card-payment page does: a verified business with an instantly linked payout bank, the
 * application (the sandbox processor approves it within seconds), the signed SAQ and the surcharge.
 */
export async function cardAcceptingPayeeViaApi(
  request: APIRequestContext,
  tag: string,
  password: string,
  businessName: string,
): Promise<{ businessId: string; session: Session }> {
  const payee = await registerViaApi(request, tag, password);
  const businessId = await createBusinessViaApi(request, payee.session, businessName);
  await verifyBusinessViaApi(request, payee.session, businessId, `${businessName} LLC`);
  const [payoutBank] = await linkInstantBankViaApi(request, payee.session, businessId);
  const headers = sessionHeaders(payee.session);
  const base = `/api/business/${businessId}/card-payment`;
  const applied = await request.post(`${base}/merchant`, {
    headers: { ...headers, 'Idempotency-Key': idempotencyKey('merchant') },
    data: {
      incorporationDate: '2019-03-15',
      businessCategory: 'RETAIL',
      businessWebsite: 'northwind.example',
      businessType: 'LLC',
      payoutBankAccount: payoutBank?.id,
      expectedAnnualCardVolume: 250000,
      agreeTerms: true,
    },
  });
  expect(applied.status(), await applied.text()).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await request.get(`${base}/merchant-status`, { headers });
        return (await res.json()).data.status as string;
      },
      { timeout: 20_000 },
    )
    .toBe('SAQ_PENDING');
  const saq = await request.patch(`${base}/saq-details`, {
    headers,
    data: {
      saqType: 'A',
      signerName: `${payee.firstName} ${payee.lastName}`,
      signerTitle: 'Owner',
      attestations: {
        outsourcedToCompliantProviders: true,
        noElectronicCardholderData: true,
        paperRecordsSecured: true,
        providerComplianceMonitored: true,
        informationIsAccurate: true,
      },
    },
  });
  expect(saq.status(), await saq.text()).toBe(200);
  const { surcharge } = (await saq.json()).data as { status: string; surcharge: { id: string } | null };
  expect(surcharge, 'surcharge').not.toBeNull();
  const on = await request.patch(`${base}/surcharges/${surcharge?.id}`, { headers, data: { enabled: true } });
  expect(on.status(), await on.text()).toBe(200);
  expect((await on.json()).data).toMatchObject({ status: 'ACTIVE', surcharge: { enabled: true } });
  return { businessId, session: payee.session };
}

/** The payer adds a network business as a vendor (`POST vendors/business`); answers the vendor contact. */
export async function addNetworkVendorViaApi(
  request: APIRequestContext,
  session: Session,
  businessId: string,
  networkBusinessId: string,
): Promise<{ id: string; name: string }> {
  const added = await request.post(`/api/business/${businessId}/vendors/business`, {
    headers: sessionHeaders(session),
    data: { fbnBusinessId: networkBusinessId },
  });
  expect(added.status(), await added.text()).toBeLessThan(300);
  return (await added.json()).data as { id: string; name: string };
}

/** Saves a card through the sandbox card vault (token) and `POST card-payment/card`. */
export async function addCardViaApi(
  request: APIRequestContext,
  session: Session,
  businessId: string,
  card: { number: string; name: string },
): Promise<{ id: string; cardMask: string }> {
  const token = await request.post('/api/sandbox/card-vault/tokens', {
    data: {
      number: card.number,
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      name: card.name,
      billingAddress: {
        line1: '100 Congress Ave',
        city: 'Austin',
        region: 'TX',
        postal_code: '78701',
        country: 'USA',
      },
    },
  });
  expect(token.status(), await token.text()).toBe(200);
  const { tokenId, fingerprint } = (await token.json()).data as { tokenId: string; fingerprint: string };
  const saved = await request.post(`/api/business/${businessId}/card-payment/card`, {
    headers: { ...sessionHeaders(session), 'Idempotency-Key': idempotencyKey('card') },
    data: { tokenId, fingerprint },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return (await saved.json()).data as { id: string; cardMask: string };
}

export async function paymentViaApi(
  request: APIRequestContext,
  session: Session,
  businessId: string,
  paymentId: string,
): Promise<PaymentApiView> {
  const res = await request.get(`/api/business/${businessId}/payments/${paymentId}`, {
    headers: sessionHeaders(session),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as PaymentApiView;
}

/**
 * Moves the sandbox clock one business day at a time (each move runs the payment engine) until the
 * payment reaches one of `statuses`; answers the payment. Fails after `maxDays` moves.
 */
export async function advanceUntilStatus(
  request: APIRequestContext,
  session: Session,
  businessId: string,
  paymentId: string,
  statuses: string[],
  maxDays = 10,
): Promise<PaymentApiView> {
  let payment = await paymentViaApi(request, session, businessId, paymentId);
  for (let day = 0; day < maxDays && !statuses.includes(payment.status); day += 1) {
    await advanceSandboxClockViaApi(request, session, 1);
    payment = await paymentViaApi(request, session, businessId, paymentId);
  }
  expect(statuses, `payment ${paymentId} after moving the clock`).toContain(payment.status);
  return payment;
}

/** The sandbox rails' business day now (New York), 'YYYY-MM-DD'. */
export async function railsTodayViaApi(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/sandbox/clock');
  expect(res.status(), await res.text()).toBe(200);
  const { now } = (await res.json()).data as { now: string };
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(now));
}

/**
 * The first Federal Reserve business day on or after the sandbox clock's today ('YYYY-MM-DD'): what a
 * payment made "today" may use as its process date whatever day the journey runs on (a weekend, a
 * holiday). `headers` sign the holiday lookup in.
 */
export async function railsBusinessDayViaApi(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<string> {
  const today = await railsTodayViaApi(request);
  const until = new Date(Date.parse(`${today}T12:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
  const res = await request.get(`/api/bank-calendar-days/bank-holidays?from=${today}&to=${until}`, {
    headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  const holidays = ((await res.json()).data.holidays as { date: string; observedDate: string | null }[]).map(
    (holiday) => holiday.observedDate ?? holiday.date,
  );
  return addBusinessDays(today, 0, { holidays });
}

/** 'YYYY-MM-DD' of a day button's label ('23 November 2026' or 'Nov 23, 2026'). */
const dateOfDayLabel = (label: string): string => localToday(new Date(label));

/**
 * In an open date picker: the first day that can be picked (a business day of the month shown, not
 * greyed out) strictly after `after`, going forward month by month; clicks it and answers its date.
 * Paying on a day after the sandbox clock's today keeps the payment Scheduled until the clock moves.
 */
export async function pickDayAfter(page: Page, after: string): Promise<string> {
  const dropdown = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
  await expect(dropdown).toBeVisible();
  for (let month = 0; month < 4; month += 1) {
    const days = dropdown.locator('button[aria-label]:not([data-disabled]):not([data-outside])');
    for (const day of await days.all()) {
      const label = (await day.getAttribute('aria-label')) ?? '';
      if (!/\d{4}$/.test(label)) continue;
      const date = dateOfDayLabel(label);
      if (date > after) {
        await day.click();
        await expect(dropdown).toBeHidden();
        return date;
      }
    }
    await dropdown.locator('button[data-direction="next"]').click();
  }
  throw new Error(`No business day after ${after} in the picker`);
}

/** 'Nov 23, 2026' as the app shows a date. */
export const displayDate = (date: string): string =>
  new Date(`${date}T12:00:00`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

/** The Bills tab `/b/{id}/bills/due`. */
export class BillsTab {
  constructor(readonly page: Page) {}

  get table() {
    return this.page.getByRole('table', { name: 'Due bills' });
  }

  row(refNo: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: refNo, exact: true }) });
  }

  /** The row's 'Pay' link (to the make-payment page). */
  payLink(refNo: string): Locator {
    return this.row(refNo).getByRole('link', { name: `Pay bill ${refNo}` });
  }
}

/** The make-payment page `/b/{id}/bills/payment-request/{billId}/make-payment`. */
export class MakePaymentPage {
  constructor(readonly page: Page) {}

  get form() {
    return this.page.getByRole('form', { name: 'Payment form' });
  }

  /** The review step the form's action opens; nothing is sent until Confirm. */
  get review() {
    return this.page.getByRole('dialog', { name: 'Review payment' });
  }

  /** The form's action ('Schedule payment' or 'Pay'), then Confirm in the review step. */
  async scheduleAndConfirm(action: 'Schedule payment' | 'Pay' = 'Schedule payment') {
    await this.form.getByRole('button', { name: action, exact: true }).click();
    await this.review.getByRole('button', { name: /^Confirm and (pay|schedule)$/ }).click();
  }

  async payFrom(option: string | RegExp) {
    await this.form.getByRole('combobox', { name: 'Pay From' }).click();
    await this.page.getByRole('option', { name: option }).click();
  }

  speed(label: string) {
    return this.form.getByRole('radio', { name: label });
  }

  /** Opens Process Date and picks the first business day after `after`. */
  async processDateAfter(after: string): Promise<string> {
    await this.form.getByRole('button', { name: 'Process Date' }).click();
    return pickDayAfter(this.page, after);
  }
}

/** The payment detail page `/b/{id}/bills/payment/{paymentId}/detail`. */
export class PaymentDetailPage {
  constructor(readonly page: Page) {}

  /** The payment summary card. */
  get summary() {
    return this.page.getByRole('region', { name: 'Payment', exact: true });
  }

  get timeline() {
    return this.page.getByRole('region', { name: 'Activity' });
  }

  get delivery() {
    return this.page.getByRole('region', { name: 'Delivery' });
  }
}

/** The Payments tab `/b/{id}/bills/payment/list`. */
export class PaymentsTab {
  constructor(readonly page: Page) {}

  get table() {
    return this.page.getByRole('table', { name: 'Payments' });
  }

  row(refNo: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: refNo, exact: true }) });
  }
}

/** The whole ledger balances (`GET /api/dev/ledger/check`, outside production): after a journey moved money. */
export async function expectLedgerBalanced(request: APIRequestContext): Promise<void> {
  const res = await request.get('/api/dev/ledger/check');
  expect(res.status(), await res.text()).toBe(200);
  const { balanced, problem } = (await res.json()).data as { balanced: boolean; problem: string | null };
  expect(problem).toBeNull();
  expect(balanced).toBe(true);
}
