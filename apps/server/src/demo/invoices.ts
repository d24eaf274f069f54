import { DEMO_INVOICES } from './data.js';

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

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * Harbor's Get Paid side (issue 19), made through the routes as its people would: invoices to its café
 * and office customers over the history — some paid by check and marked as paid (in full or in part), some
 * open, some overdue, two drafts — and payment requests to the two customers that are businesses on
 * Ferry: Saltwater Kitchen pays its request from its For Review (bank, through the engine, so Harbor's
 * invoice ends Received and paid), Fern & Finch's is still open and got a reminder today.
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
  count: (kind: 'invoices' | 'requests') => void;
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
  return steps;
}
