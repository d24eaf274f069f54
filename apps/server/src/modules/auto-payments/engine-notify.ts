import { formatDate, formatMoney } from '@ferry/domain/format';
import { paths } from '@ferry/domain/routes';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { mailOrigin } from '../banking/notify.js';
import { businesses } from '../businesses/tables.js';
import { AUTO_PAYMENT, guestLinkFor } from '../guest/kinds.js';
import { type NewMessage, queueMessages } from '../notifications/service.js';
import {
  escapeHtml,
  mailButton,
  mailDetailsHtml,
  mailLayout,
  pasteLinkHtml,
  type RenderedMail,
} from '../notifications/templates.js';
import { users } from '../users/tables.js';
import type { AutoPaymentMappingRow, AutoPaymentRow } from './tables.js';

/**
 * The engine's mails (issue 20: 'both sides are emailed before each auto-payment (the payer can still
 * stop that one) and after it'). Sent in the caller's transaction, so a notice goes with its claim and a
 * result with its `result_sent_at`, exactly once.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'config' | 'jobs'>;

interface Party {
  id: string;
  name: string;
  isGuest: boolean;
  ownerEmail: string | null;
}

async function partiesOf(db: DbOrTx, run: AutoPaymentRow): Promise<{ payee: Party; payer: Party }> {
  const rows = await db
    .select({
      id: businesses.id,
      name: businesses.businessName,
      isGuest: businesses.isGuest,
      ownerEmail: users.email,
    })
    .from(businesses)
    .leftJoin(users, eq(users.id, businesses.createdBy))
    .where(inArray(businesses.id, [run.payeeBusinessId, run.payerBusinessId]));
  const find = (id: string): Party =>
    rows.find((row) => row.id === id) ?? {
      id,
      name: 'A business on Ferry',
      isGuest: false,
      ownerEmail: null,
    };
  return { payee: find(run.payeeBusinessId), payer: find(run.payerBusinessId) };
}

/** The payer's address: a guest business's is the one the authorisation request went to. */
const payerAddress = (payer: Party, mapping: AutoPaymentMappingRow): string | null =>
  (payer.isGuest ? (mapping.payerEmail ?? payer.ownerEmail) : (payer.ownerEmail ?? mapping.payerEmail)) ??
  null;

function render(options: {
  subject: string;
  lines: string[];
  details: [string, string][];
  link: string;
  action: string;
}): RenderedMail {
  const text = [
    'Hi,',
    '',
    ...options.lines.flatMap((line) => [line, '']),
    ...options.details.map(([label, value]) => `${label}: ${value}`),
    '',
    `${options.action}: ${options.link}`,
  ].join('\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(line)}</p>`;
  const html = mailLayout({
    title: options.subject,
    bodyHtml: [
      paragraph('Hi,'),
      ...options.lines.map(paragraph),
      mailDetailsHtml(options.details),
      mailButton(options.link, options.action),
      pasteLinkHtml(options.link),
    ].join(''),
  });
  return { subject: options.subject, text, html };
}

const toMessage = (to: string, mail: RenderedMail): NewMessage => ({
  channel: 'email',
  to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
});

/** Where each side looks at it: the payer's AUTO_PAYMENT guest link or its vendor, the payee's customer. */
async function linksOf(
  context: Ctx,
  db: DbOrTx,
  options: { mapping: AutoPaymentMappingRow; payer: Party; payerTo: string | null },
) {
  const origin = mailOrigin(context.config);
  const { mapping, payer } = options;
  const payerLink =
    payer.isGuest && options.payerTo
      ? await guestLinkFor(context, db, {
          subject: { type: AUTO_PAYMENT, mappingId: mapping.id, payerBusinessId: payer.id },
          email: options.payerTo,
        })
      : `${origin}${mapping.vendorId ? paths.vendor(payer.id, mapping.vendorId) : paths.vendors(payer.id)}`;
  const payeeLink = `${origin}${paths.customer(mapping.payeeBusinessId, mapping.customerId)}`;
  return { payerLink, payeeLink };
}

interface SideText {
  subject: string;
  lines: string[];
  action: string;
}

/** One mail to each side (the payer's to its address, the payee's to its owner), with the run's details. */
async function mailBothSides(
  context: Ctx,
  db: DbOrTx,
  options: {
    run: AutoPaymentRow;
    mapping: AutoPaymentMappingRow;
    details: [string, string][];
    text: (parties: { payee: Party; payer: Party }) => { payer: SideText; payee: SideText };
  },
): Promise<void> {
  const { run, mapping, details } = options;
  const parties = await partiesOf(db, run);
  const payerTo = payerAddress(parties.payer, mapping);
  const { payerLink, payeeLink } = await linksOf(context, db, { mapping, payer: parties.payer, payerTo });
  const text = options.text(parties);
  const messages: NewMessage[] = [];
  if (payerTo) messages.push(toMessage(payerTo, render({ ...text.payer, details, link: payerLink })));
  if (parties.payee.ownerEmail) {
    messages.push(toMessage(parties.payee.ownerEmail, render({ ...text.payee, details, link: payeeLink })));
  }
  await queueMessages(context, { db, messages });
}

/** Before: 'Auto payment of $X to {payee} on {date}' to the payer (who may stop it), and the payee's notice. */
export async function queueAutoPaymentNotice(
  context: Ctx,
  db: DbOrTx,
  options: { run: AutoPaymentRow; mapping: AutoPaymentMappingRow; refNo: string },
): Promise<void> {
  const { run, refNo } = options;
  const amount = formatMoney(run.amountCents);
  const date = formatDate(run.dueDate);
  await mailBothSides(context, db, {
    ...options,
    details: [
      ['Invoice', refNo],
      ['Amount', amount],
      ['Due date', date],
    ],
    text: ({ payee, payer }) => ({
      payer: {
        subject: `Auto payment of ${amount} to ${payee.name} on ${date}`,
        lines: [
          `${payee.name} will be paid ${amount} for invoice ${refNo} automatically on ${date}, with the payment method you authorized.`,
          'If you do not want this payment to be made, you can stop this one before then. Your other auto payments are not affected.',
        ],
        action: 'Review this auto payment',
      },
      payee: {
        subject: `Auto payment of ${amount} from ${payer.name} scheduled for ${date}`,
        lines: [
          `${payer.name} will pay invoice ${refNo} (${amount}) automatically on ${date}.`,
          'They can still stop this payment before then; we will tell you if they do.',
        ],
        action: 'View customer',
      },
    }),
  });
}

/** After: the payment was delivered, or it failed (with why) — both sides, once. */
export async function queueAutoPaymentResult(
  context: Ctx,
  db: DbOrTx,
  options: {
    run: AutoPaymentRow;
    mapping: AutoPaymentMappingRow;
    refNo: string;
    delivered: boolean;
    reason: string | null;
  },
): Promise<void> {
  const { run, refNo, delivered, reason } = options;
  const amount = formatMoney(run.amountCents);
  const outcome = delivered ? 'was delivered' : 'was not completed';
  await mailBothSides(context, db, {
    ...options,
    details: [
      ['Invoice', refNo],
      ['Amount', amount],
      ...(delivered || !reason ? [] : [['Reason', reason] as [string, string]]),
    ],
    text: ({ payee, payer }) => ({
      payer: {
        subject: `Auto payment of ${amount} to ${payee.name} ${outcome}`,
        lines: [`Your auto payment of ${amount} to ${payee.name} for invoice ${refNo} ${outcome}.`],
        action: 'View auto payments',
      },
      payee: {
        subject: `Auto payment of ${amount} from ${payer.name} ${outcome}`,
        lines: [`The auto payment of ${amount} from ${payer.name} for invoice ${refNo} ${outcome}.`],
        action: 'View customer',
      },
    }),
  });
}

/** The payer stopped one auto payment: the payee is told (as its notice promised), and the payer's record. */
export async function queueAutoPaymentSkipped(
  context: Ctx,
  db: DbOrTx,
  options: { run: AutoPaymentRow; mapping: AutoPaymentMappingRow; refNo: string },
): Promise<void> {
  const { run, refNo } = options;
  const amount = formatMoney(run.amountCents);
  await mailBothSides(context, db, {
    ...options,
    details: [
      ['Invoice', refNo],
      ['Amount', amount],
    ],
    text: ({ payee, payer }) => ({
      payer: {
        subject: `Auto payment of ${amount} to ${payee.name} stopped`,
        lines: [
          `The auto payment of ${amount} to ${payee.name} for invoice ${refNo} will not be made. Your other auto payments are not affected.`,
        ],
        action: 'View auto payments',
      },
      payee: {
        subject: `${payer.name} stopped the auto payment of ${amount}`,
        lines: [
          `${payer.name} stopped the auto payment of ${amount} for invoice ${refNo}. The invoice stays open; auto payments of their other invoices are not affected.`,
        ],
        action: 'View customer',
      },
    }),
  });
}
