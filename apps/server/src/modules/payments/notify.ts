import { DELIVERY_SPEED_DETAILS, getPaymentFailureMessage } from '@ferry/domain/catalogues';
import { formatMoney } from '@ferry/domain/format';
import { paths } from '@ferry/domain/routes';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { mailOrigin } from '../banking/notify.js';
import { businesses } from '../businesses/tables.js';
import { contacts } from '../contacts/tables.js';
import { BILL_PAYMENT, guestLinkFor } from '../guest/kinds.js';
import { queueMessages } from '../notifications/service.js';
import { escapeHtml, mailDetailsHtml, mailLayout, type RenderedMail } from '../notifications/templates.js';
import { payments } from './tables.js';
import { joinedSelect, type PaymentJoined } from './views.js';

/** Mails to the vendor about a payment (remittance details included). */
export type VendorPaymentMailKind =
  | 'SCHEDULED'
  | 'ACCEPT'
  | 'ACCEPT_REMINDER'
  | 'DELIVERED'
  | 'FAILED'
  | 'REVERSED';

type Ctx = Pick<AppContext, 'clock' | 'jobs' | 'config'>;

const methodText = (joined: PaymentJoined): string => {
  if (joined.card) return `Card ending in ${joined.card.last4}`;
  if (joined.bank) return `Bank account ending in ${joined.bank.accountMask}`;
  return 'Recorded by the payer';
};

const deliveryText = (joined: PaymentJoined): string => {
  const p = joined.payment;
  if (!p.expectedDeliveryEarliest || !p.expectedDeliveryLatest) return '—';
  return p.expectedDeliveryEarliest === p.expectedDeliveryLatest
    ? p.expectedDeliveryEarliest
    : `${p.expectedDeliveryEarliest} to ${p.expectedDeliveryLatest}`;
};

/** The remittance lines of every vendor mail. */
const remittance = (payerName: string, joined: PaymentJoined): [string, string][] => [
  ['From', payerName],
  ['Bill', joined.bill.refNo],
  ['Amount', formatMoney(joined.payment.amountCents)],
  ['Process date', joined.payment.processDate],
  ['Expected delivery', deliveryText(joined)],
  [
    'Delivery speed',
    joined.payment.deliverySpeed ? DELIVERY_SPEED_DETAILS[joined.payment.deliverySpeed].label : '—',
  ],
  ['Paid with', methodText(joined)],
];

export function renderVendorPaymentMail(options: {
  kind: VendorPaymentMailKind;
  payerName: string;
  joined: PaymentJoined;
  link: string;
}): RenderedMail {
  const { kind, payerName, joined, link } = options;
  const amount = formatMoney(joined.payment.amountCents);
  const subjects: Record<VendorPaymentMailKind, string> = {
    SCHEDULED: `${payerName} scheduled a payment of ${amount} to you`,
    ACCEPT: `${payerName} wants to pay you ${amount}: accept your payment`,
    ACCEPT_REMINDER: `Reminder: ${payerName} is waiting to pay you ${amount}`,
    DELIVERED: `${payerName} paid you ${amount}`,
    FAILED: `A payment of ${amount} from ${payerName} failed`,
    REVERSED: `A payment of ${amount} from ${payerName} was returned`,
  };
  const intros: Record<VendorPaymentMailKind, string> = {
    SCHEDULED: `${payerName} scheduled a payment to you on Ferry for bill ${joined.bill.refNo}.`,
    ACCEPT: `${payerName} wants to pay you for bill ${joined.bill.refNo} on Ferry. Accept the payment and tell us where to send it.`,
    ACCEPT_REMINDER: `${payerName} is still waiting to pay you for bill ${joined.bill.refNo}. Accept the payment and tell us where to send it.`,
    DELIVERED: `Your payment from ${payerName} for bill ${joined.bill.refNo} has been delivered.`,
    FAILED: `The payment from ${payerName} for bill ${joined.bill.refNo} failed. ${getPaymentFailureMessage(joined.payment.failureReason, 'payee')}`,
    REVERSED: `The payment from ${payerName} for bill ${joined.bill.refNo} was returned by your bank after delivery, and the money went back to ${payerName}. ${getPaymentFailureMessage(joined.payment.failureReason, 'payee')}`,
  };
  const needsLink = kind === 'ACCEPT' || kind === 'ACCEPT_REMINDER';
  const subject = subjects[kind];
  const lines = remittance(payerName, joined);
  const text = [
    'Hi,',
    '',
    intros[kind],
    '',
    ...lines.map(([k, v]) => `${k}: ${v}`),
    ...(needsLink ? ['', 'Accept the payment:', link] : []),
  ].join('\n');
  const html = mailLayout({
    title: subject,
    bodyHtml: [
      '<p style="margin:0 0 16px;font-size:16px">Hi,</p>',
      `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(intros[kind])}</p>`,
      mailDetailsHtml(lines),
      needsLink
        ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0b6477;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">Accept payment</a></p><p style="margin:0 0 16px;font-size:14px;color:#5c6b7e">Or paste this link into your browser: <span style="word-break:break-all">${escapeHtml(link)}</span></p>`
        : '',
    ].join(''),
  });
  return { subject, text, html };
}

/**
 * Queues a mail to the payment's vendor (its contact email) in the caller's transaction. Used by the
 * API (scheduled, accept link, reminder) and by the engine (delivered, failed).
 */
export async function queueVendorPaymentMail(
  context: Ctx,
  db: DbOrTx,
  options: { paymentId: string; kind: VendorPaymentMailKind },
): Promise<void> {
  await queueVendorPaymentMails(context, db, [options]);
}

/** The vendors' mails about many payments: three statements whatever their number. */
export async function queueVendorPaymentMails(
  context: Ctx,
  db: DbOrTx,
  items: readonly { paymentId: string; kind: VendorPaymentMailKind }[],
): Promise<void> {
  if (items.length === 0) return;
  const joinedRows = await joinedSelect(db).where(
    inArray(
      payments.id,
      items.map((item) => item.paymentId),
    ),
  );
  const byId = new Map(joinedRows.map((row) => [row.payment.id, row as PaymentJoined]));
  const payerIds = [...new Set(joinedRows.map((row) => row.payment.businessId))];
  const payers =
    payerIds.length === 0
      ? []
      : await db
          .select({ id: businesses.id, name: businesses.businessName })
          .from(businesses)
          .where(inArray(businesses.id, payerIds));
  const payerNames = new Map(payers.map((payer) => [payer.id, payer.name]));
  const accepting = items.filter((item) => item.kind === 'ACCEPT' || item.kind === 'ACCEPT_REMINDER');
  const vendorIds = [...new Set(accepting.flatMap((item) => byId.get(item.paymentId)?.vendor.id ?? []))];
  const networkOf = new Map(
    (vendorIds.length === 0
      ? []
      : await db
          .select({ id: contacts.id, networkBusinessId: contacts.networkBusinessId })
          .from(contacts)
          .where(inArray(contacts.id, vendorIds))
    ).map((row) => [row.id, row.networkBusinessId]),
  );
  const origin = mailOrigin(context.config);
  /**
   * Where the vendor's button leads: accepting a payment, a vendor not on Ferry gets its guest link
   * (`/process/payment/start?token=…`, the live one again for a reminder) and a vendor on Ferry its own
   * bank settings; the other mails carry no link.
   */
  const linkOf = async (item: (typeof items)[number], joined: PaymentJoined): Promise<string> => {
    if (item.kind !== 'ACCEPT' && item.kind !== 'ACCEPT_REMINDER') return origin;
    const networkBusinessId = networkOf.get(joined.vendor.id);
    if (networkBusinessId) return `${origin}${paths.settingsBankAccount(networkBusinessId)}`;
    return guestLinkFor(context, db, {
      subject: {
        type: BILL_PAYMENT,
        paymentId: joined.payment.id,
        payerBusinessId: joined.payment.businessId,
      },
      email: joined.vendor.email,
    });
  };
  const mails = [];
  for (const item of items) {
    const joined = byId.get(item.paymentId);
    if (!joined) continue;
    const mail = renderVendorPaymentMail({
      kind: item.kind,
      payerName: payerNames.get(joined.payment.businessId) ?? 'Your customer',
      joined,
      link: await linkOf(item, joined),
    });
    mails.push({
      channel: 'email' as const,
      to: joined.vendor.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }
  await queueMessages(context, { db, messages: mails });
}
