import { isBusinessDay } from '@ferry/domain/dates';
import { DEMO_GUESTS, DEMO_INVOICES } from './data.js';

type Headers = Record<string, string>;
type Call = (options: {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  headers: Headers;
  payload?: object;
}) => Promise<Record<string, unknown>>;

interface Step {
  day: number;
  label: string;
  run: () => Promise<void>;
}

/** A network customer of Harbor (a business on Ferry that buys from it). */
export interface DemoNetworkCustomer {
  businessId: string;
  name: string;
  ownerId: string;
  /** Harbor's customer contact linked to it. */
  contactId: string;
}

/** What the Get Paid steps count (the demo's summary prints them). */
export type DemoInvoiceCount =
  | 'invoices'
  | 'requests'
  | 'bills'
  | 'payments'
  | 'guestPaid'
  | 'guestAccepted'
  | 'autoPayAuthorized';

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * Harbor's Get Paid side (issue 19), made through the routes as its people would: invoices to its café
 * and office customers over the history — some paid by check and marked as paid (in full or in part), some
 * open, some overdue, two drafts — and payment requests to the two customers that are businesses on
 * Ferry: Saltwater Kitchen pays its request from its For Review (bank, through the engine, so Harbor's
 * invoice ends Received and paid), Fern & Finch's is still open and got a reminder today.
 * The guest flows: a customer not on Ferry pays part of its request from the emailed link (Received, the
 * invoice Partial Paid), and a vendor with no bank on file accepts Harbor's payment from its email
 * (delivered) — each signing in as a guest exactly as a person would (link, email code, phone code).
 */
export function demoInvoices(options: {
  call: Call;
  biz: (businessId: string, rest: string) => string;
  harborId: string;
  /** Maya's headers (renewed each day by the builder). */
  headers: Headers;
  customerIds: readonly string[];
  networkCustomers: readonly DemoNetworkCustomer[];
  bankId: string;
  /** A bank of each network customer, to pay from (linked by the builder). */
  customerBankOf: (businessId: string) => string;
  incomeAccountId: () => string;
  sessionFor: (userId: string) => Promise<Headers>;
  dayOf: (k: number) => string;
  lastDay: number;
  /** Harbor's vendor without a bank on file whose payment it accepts as a guest. */
  guestVendorId: string;
  expenseAccountId: () => string;
  /** Links the sandbox bank instantly to a business (the bank-link modal's routes) and answers its id. */
  linkBank: (headers: Headers, businessId: string) => Promise<string>;
  count: (kind: DemoInvoiceCount) => void;
}): Step[] {
  const { call, biz, harborId, headers, dayOf } = options;
  const H = options.lastDay;
  const steps: Step[] = [];
  const at = (day: number, label: string, run: () => Promise<void>) =>
    steps.push({ day: Math.max(0, Math.min(H, day)), label, run });

  const createInvoice = async (plan: {
    customerId: string;
    refNo: string;
    day: number;
    paymentTerm: string;
    lines: readonly { description: string; quantity: number; unitPriceCents: number }[];
    taxCents?: number;
    memo?: string;
  }) => {
    const invoice = await call({
      method: 'POST',
      url: biz(harborId, '/accounting/invoices'),
      headers,
      payload: {
        customerId: plan.customerId,
        refNo: plan.refNo,
        invoiceDate: dayOf(plan.day),
        paymentTerm: plan.paymentTerm,
        lines: plan.lines.map((line) => ({
          chartAccountId: options.incomeAccountId(),
          description: line.description,
          quantity: line.quantity,
          unitPrice: dollars(line.unitPriceCents),
        })),
        ...(plan.taxCents ? { taxAmount: dollars(plan.taxCents) } : {}),
        ...(plan.memo ? { memo: plan.memo } : {}),
      },
    });
    options.count('invoices');
    return { id: invoice.id as string, amountCents: Math.round(Number(invoice.amount) * 100) };
  };

  let refNo = 2300;
  for (const [n, plan] of DEMO_INVOICES.entries()) {
    const customerId = options.customerIds[plan.customerIndex % options.customerIds.length];
    if (!customerId) throw new Error(`no customer ${plan.customerIndex}`);
    refNo += 1;
    const ref = `INV-${refNo}`;
    const day = H - plan.ageDays;
    const state = { id: '', amountCents: 0 };
    at(day, `invoice ${ref}`, async () => {
      Object.assign(
        state,
        await createInvoice({
          customerId,
          refNo: ref,
          day,
          paymentTerm: plan.paymentTerm,
          lines: plan.lines,
          memo: plan.memo,
          ...(n % 3 === 0 ? { taxCents: Math.round(plan.lines[0].unitPriceCents * 0.0863) } : {}),
        }),
      );
    });
    if (plan.markedPaid) {
      const { afterDays, share } = plan.markedPaid;
      at(Math.min(day + afterDays, H), `mark ${ref} paid`, async () => {
        const amountCents = share === 'full' ? state.amountCents : Math.round(state.amountCents * share);
        await call({
          method: 'PATCH',
          url: biz(harborId, '/mark-invoice-as-paid'),
          headers,
          payload: {
            id: state.id,
            type: 'invoice',
            amount: dollars(amountCents),
            date: dayOf(Math.min(day + afterDays, H)),
            paymentInstrumentId: options.bankId,
            remarks: share === 'full' ? 'Check deposited' : 'Partial payment by check',
          },
        });
      });
    }
  }

  // Drafts Maya started and has not finished.
  for (const [n, draft] of [
    { customerIndex: 4, memo: 'Monthly espresso subscription — confirm the bag count' },
    { customerIndex: 10, memo: 'Surf-shop pop-up: cold brew kegs' },
  ].entries()) {
    at(H - 2 + n, 'invoice draft', async () => {
      await call({
        method: 'POST',
        url: biz(harborId, '/accounting/invoices/draft'),
        headers,
        payload: { customerId: options.customerIds[draft.customerIndex], memo: draft.memo },
      });
    });
  }

  // Payment requests to the customers on Ferry.
  const [saltwater, fern] = options.networkCustomers;
  if (saltwater) {
    const state = { id: '', amountCents: 0, requestId: '' };
    at(H - 12, 'invoice Saltwater Kitchen', async () => {
      Object.assign(
        state,
        await createInvoice({
          customerId: saltwater.contactId,
          refNo: 'INV-2401',
          day: H - 12,
          paymentTerm: 'NET_15',
          lines: [
            { description: 'House espresso blend, 5 lb bags', quantity: 24, unitPriceCents: 6_450 },
            { description: 'Decaf Colombia, 5 lb bags', quantity: 6, unitPriceCents: 7_100 },
          ],
          memo: 'Thank you for your order!',
        }),
      );
      const sent = await call({
        method: 'POST',
        url: biz(harborId, '/payment-requests'),
        headers,
        payload: { invoiceDetails: { id: state.id } },
      });
      state.requestId = sent.id as string;
      options.count('requests');
    });
    const payDay = H - 8;
    at(payDay, 'Saltwater Kitchen pays from For Review', async () => {
      const customer = await options.sessionFor(saltwater.ownerId);
      const customerBiz = (rest: string) => biz(saltwater.businessId, rest);
      await call({
        method: 'POST',
        url: customerBiz(`/payment-requests/${state.requestId}/map-business`),
        headers: customer,
        payload: {},
      });
      const linked = await call({
        method: 'POST',
        url: customerBiz(`/payment-requests/${state.requestId}/link-bill`),
        headers: customer,
        payload: {},
      });
      await call({
        method: 'POST',
        url: customerBiz('/payments'),
        headers: customer,
        payload: {
          billId: linked.billId,
          paymentRequestId: state.requestId,
          paymentInstrumentId: options.customerBankOf(saltwater.businessId),
          amount: dollars(state.amountCents),
          processDate: dayOf(payDay),
        },
      });
    });
  }
  if (fern) {
    const state = { id: '', requestId: '' };
    at(H - 20, 'invoice Fern & Finch', async () => {
      const created = await createInvoice({
        customerId: fern.contactId,
        refNo: 'INV-2402',
        day: H - 20,
        paymentTerm: 'NET_15',
        lines: [{ description: 'Cold brew concentrate, 2.5 gal', quantity: 12, unitPriceCents: 5_800 }],
      });
      state.id = created.id;
      const sent = await call({
        method: 'POST',
        url: biz(harborId, '/payment-requests'),
        headers,
        payload: { invoiceDetails: { id: state.id } },
      });
      state.requestId = sent.id as string;
      options.count('requests');
    });
    at(H, 'remind Fern & Finch', async () => {
      await call({
        method: 'POST',
        url: biz(harborId, '/payment-requests/send-reminder'),
        headers,
        payload: { paymentRequestId: state.requestId },
      });
    });
  }
  // --- The guest flows (issue 19): people not on Ferry answer the emailed link -----------------------
  /** The messages Ferry sent to an address or number (the dev outbox), newest first. */
  const outbox = async (to: string) =>
    (await call({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}`, headers: {} }))
      .items as { id: string; text: string }[];
  const LINK = /\/process\/payment\/start\?token=([A-Za-z0-9_%-]+)/;
  const AUTO_PAY_LINK = /\/process\/auto-pay\/info\?token=([A-Za-z0-9_%-]+)/;
  const linkTokenFor = async (email: string, link: RegExp = LINK) => {
    const token = (await outbox(email)).map((m) => link.exec(m.text)?.[1]).find(Boolean);
    if (!token) throw new Error(`no guest link mailed to ${email}`);
    return decodeURIComponent(token);
  };
  /** The code of the newest message to `to`, leaving out the messages in `seen` (codes sent earlier). */
  const newestCode = async (to: string, seen: readonly string[] = []) => {
    const code = (await outbox(to))
      .filter((m) => !seen.includes(m.id))
      .filter((m) => !LINK.test(m.text) && !AUTO_PAY_LINK.test(m.text) && !/guest-link/.test(m.text))
      .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1])
      .find(Boolean);
    if (!code) throw new Error(`no code sent to ${to}`);
    return code;
  };
  /** The guest calls carry the bot check's token as the browser sends it. */
  const guestPost = (url: string, payload: object, guest: Headers = {}) =>
    call({ method: 'POST', url, headers: guest, payload: { recaptchaToken: 'demo', ...payload } });
  /** Link → names → email code → a new phone and its SMS code: the guest's headers and payment info. */
  const signInAsGuest = async (
    token: string,
    person: { firstName: string; lastName: string; email: string; phoneNumber: string },
  ) => {
    await guestPost('/api/guest/link', { token });
    const started = await guestPost('/api/guest/start', {
      token,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
    });
    const session = await guestPost('/api/guest/verify-email', {
      token,
      requestId: started.requestId,
      otp: await newestCode(person.email),
    });
    const guest: Headers = {
      authorization: `Bearer ${session.token as string}`,
      'session-id': session.sessionId as string,
    };
    const sent = await guestPost(
      '/api/guest/phone/send',
      { phones: [{ phoneNumber: person.phoneNumber, countryCode: '1', countryISOCode: 'us' }] },
      guest,
    );
    await guestPost(
      '/api/guest/phone/verify',
      { requestId: sent.requestId, otp: await newestCode(`+1${person.phoneNumber}`) },
      guest,
    );
    const info = await call({ method: 'GET', url: '/api/guest/payment-info', headers: guest });
    return { guest, info };
  };
  /** The latest business day on or before day k (the rails move on business days). */
  const businessDay = (k: number) => {
    let d = Math.min(k, H);
    while (d > 0 && !isBusinessDay(dayOf(d))) d -= 1;
    return d;
  };

  // A café not on Ferry gets a payment request by email and pays part of it by bank as a guest.
  const guestPayer = DEMO_GUESTS.customer;
  const guestCustomerId = options.customerIds[guestPayer.customerIndex];
  if (guestCustomerId) {
    const state = { id: '', requestId: '' };
    const sendDay = businessDay(H - 11);
    at(sendDay, `invoice ${guestPayer.refNo} to a customer not on Ferry`, async () => {
      const created = await createInvoice({
        customerId: guestCustomerId,
        refNo: guestPayer.refNo,
        day: sendDay,
        paymentTerm: 'NET_15',
        lines: guestPayer.lines,
        memo: guestPayer.memo,
      });
      state.id = created.id;
      const sent = await call({
        method: 'POST',
        url: biz(harborId, '/payment-requests'),
        headers,
        payload: { invoiceDetails: { id: state.id } },
      });
      state.requestId = sent.id as string;
      options.count('requests');
    });
    at(
      businessDay(H - 9),
      `${guestPayer.person.firstName} pays part of ${guestPayer.refNo} as a guest`,
      async () => {
        const token = await linkTokenFor(guestPayer.person.email);
        const { guest, info } = await signInAsGuest(token, guestPayer.person);
        const guestBusinessId = info.guestBusinessId as string;
        const bankId = await options.linkBank(guest, guestBusinessId);
        await call({
          method: 'POST',
          url: '/api/payments/guest/accept/payment',
          headers: guest,
          payload: {
            token,
            invitationType: 'BUSINESS_PAYMENT',
            businessId: guestBusinessId,
            paymentRequestId: state.requestId,
            paymentInstrumentId: bankId,
            amount: guestPayer.paidCents,
          },
        });
        // Done, the guest signs out (the session is not left behind).
        await call({ method: 'PATCH', url: '/api/auth/logout', headers: guest });
        options.count('guestPaid');
      },
    );
  }

  // A vendor with no bank on file: Harbor pays its bill, the vendor accepts it from the email as a guest.
  const guestPayee = DEMO_GUESTS.vendor;
  {
    const state = { paymentId: '' };
    const billDay = businessDay(H - 13);
    at(billDay, `bill ${guestPayee.refNo} paid to a vendor with no bank`, async () => {
      const bill = await call({
        method: 'POST',
        url: biz(harborId, '/bills'),
        headers,
        payload: {
          vendorId: options.guestVendorId,
          refNo: guestPayee.refNo,
          billDate: dayOf(billDay),
          dueDate: dayOf(Math.min(billDay + 15, H)),
          memo: guestPayee.item,
          lines: [
            {
              chartAccountId: options.expenseAccountId(),
              description: guestPayee.item,
              quantity: 1,
              unitPrice: dollars(guestPayee.amountCents),
            },
          ],
        },
      });
      options.count('bills');
      const payment = await call({
        method: 'POST',
        url: biz(harborId, '/payments'),
        headers,
        payload: {
          billId: bill.id,
          paymentInstrumentId: options.bankId,
          amount: dollars(guestPayee.amountCents),
          processDate: dayOf(billDay),
        },
      });
      state.paymentId = payment.id as string;
      options.count('payments');
    });
    at(
      businessDay(H - 11),
      `${guestPayee.person.firstName} accepts ${guestPayee.refNo} as a guest`,
      async () => {
        const token = await linkTokenFor(guestPayee.person.email);
        const { guest, info } = await signInAsGuest(token, guestPayee.person);
        const guestBusinessId = info.guestBusinessId as string;
        const bankId = await options.linkBank(guest, guestBusinessId);
        await call({
          method: 'POST',
          url: '/api/payments/guest/accept/payment',
          headers: guest,
          payload: {
            token,
            invitationType: 'BILL_PAYMENT',
            businessId: guestBusinessId,
            paymentId: state.paymentId,
            paymentInstrumentId: bankId,
            amount: info.amount as number,
          },
        });
        // Done, the guest signs out (the session is not left behind).
        await call({ method: 'PATCH', url: '/api/auth/logout', headers: guest });
        options.count('guestAccepted');
      },
    );
  }

  // Auto payments (issue 20): a bakery not on Ferry authorises Harbor's auto payments from the email as a
  // guest (bank + SMS code); the engine (run by the builder each day) then pays each invoice on its due date.
  const autoPayer = DEMO_GUESTS.autoPayer;
  const autoPayCustomerId = options.customerIds[autoPayer.customerIndex];
  if (autoPayCustomerId) {
    const state = { mappingId: '' };
    const requestDay = businessDay(H - 31);
    at(requestDay, `request auto payments from ${autoPayer.person.email}`, async () => {
      const mapping = await call({
        method: 'POST',
        url: biz(harborId, '/auto-payment'),
        headers,
        payload: { customerId: autoPayCustomerId },
      });
      state.mappingId = mapping.autoPaymentMappingId as string;
    });
    at(requestDay + 1, `${autoPayer.person.firstName} authorises auto payments as a guest`, async () => {
      const token = await linkTokenFor(autoPayer.person.email, AUTO_PAY_LINK);
      const { guest, info } = await signInAsGuest(token, autoPayer.person);
      const guestBusinessId = info.guestBusinessId as string;
      const bankId = await options.linkBank(guest, guestBusinessId);
      // The authorisation's own SMS code (the auto-payment code dialog): the code sent now, not the
      // sign-in's (both carry the same moment on the builder's clock).
      const phone = `+1${autoPayer.person.phoneNumber}`;
      const seen = (await outbox(phone)).map((m) => m.id);
      const sent = await guestPost('/api/otp/phone', {}, guest);
      await guestPost(
        '/api/otp/verify/phone',
        { requestId: sent.requestId, otp: await newestCode(phone, seen) },
        guest,
      );
      await call({
        method: 'PATCH',
        url: `/api/auto-payment/${state.mappingId}`,
        headers: guest,
        payload: {
          token,
          businessId: guestBusinessId,
          status: 'ACCEPTED',
          paymentInstrumentId: bankId,
          otpId: sent.requestId,
          authorized: true,
        },
      });
      await call({ method: 'PATCH', url: '/api/auth/logout', headers: guest });
      options.count('autoPayAuthorized');
    });
    for (const plan of autoPayer.invoices) {
      const day = businessDay(H - plan.ageDays);
      at(day, `invoice ${plan.refNo} to a customer paying by auto payment`, async () => {
        await createInvoice({
          customerId: autoPayCustomerId,
          refNo: plan.refNo,
          day,
          paymentTerm: 'NET_15',
          lines: plan.lines,
        });
      });
    }
  }
  return steps;
}
