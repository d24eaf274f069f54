import { AUTO_PAYMENT_ACTIVITY_LABELS, type AutoPaymentActivity } from '@ferry/domain/catalogues';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { BUILT_IN_ROLES } from '../businesses/service.js';
import { businesses, businessMembers } from '../businesses/tables.js';
import { queueMessages } from '../notifications/service.js';
import { roles } from '../roles/tables.js';
import { users } from '../users/tables.js';
import type { AutoPaymentMappingRow } from './tables.js';

type Ctx = Pick<AppContext, 'clock' | 'jobs'>;

const nameOf = async (db: DbOrTx, businessId: string | null): Promise<string> => {
  if (!businessId) return 'A business on Ferry';
  const [row] = await db
    .select({ name: businesses.businessName })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row?.name ?? 'A business on Ferry';
};

/** The email addresses of a business's active administrators. */
async function adminEmails(db: DbOrTx, businessId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(businessMembers)
    .innerJoin(roles, eq(roles.id, businessMembers.roleId))
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(
      and(
        eq(businessMembers.businessId, businessId),
        eq(businessMembers.status, 'ACTIVE'),
        eq(roles.isBuiltIn, true),
        eq(roles.name, BUILT_IN_ROLES.admin.name),
      ),
    );
  return [...new Set(rows.map((r) => r.email.trim().toLowerCase()).filter((e) => e !== ''))];
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The request (or its reminder) to the customer, with the AUTO_PAYMENT link. */
export async function queueAutoPaymentRequestMail(
  context: Ctx,
  db: DbOrTx,
  options: { mapping: AutoPaymentMappingRow; to: string; link: string; reminder: boolean },
): Promise<void> {
  const payee = await nameOf(db, options.mapping.payeeBusinessId);
  const subject = options.reminder
    ? `Reminder: ${payee} asked you to authorize auto payments`
    : `${payee} asked you to authorize auto payments`;
  const text = [
    `${payee} would like to be paid automatically on each invoice's due date.`,
    'Review and authorize auto payments with a verified bank account or a card. You can pause, change or cancel them at any time.',
    `Authorize: ${options.link}`,
  ].join('\n\n');
  const html = `<p>${escapeHtml(payee)} would like to be paid automatically on each invoice's due date.</p><p>Review and authorize auto payments with a verified bank account or a card. You can pause, change or cancel them at any time.</p><p><a href="${escapeHtml(options.link)}">Authorize auto payments</a></p>`;
  await queueMessages(context, {
    db,
    messages: [{ channel: 'email', to: options.to, subject, text, html }],
  });
}

/**
 * Tells both sides of a change: the payee business's administrators and the payer (its administrators,
 * else the address the request went to).
 */
export async function queueAutoPaymentStatusMails(
  context: Ctx,
  db: DbOrTx,
  options: { mapping: AutoPaymentMappingRow; activity: AutoPaymentActivity; remarks?: string | null },
): Promise<void> {
  const { mapping } = options;
  const [payee, payer] = await Promise.all([
    nameOf(db, mapping.payeeBusinessId),
    nameOf(db, mapping.payerBusinessId),
  ]);
  const label = AUTO_PAYMENT_ACTIVITY_LABELS[options.activity];
  const payeeTo = await adminEmails(db, mapping.payeeBusinessId);
  const payerAdmins = mapping.payerBusinessId ? await adminEmails(db, mapping.payerBusinessId) : [];
  const payerTo = payerAdmins.length > 0 ? payerAdmins : mapping.payerEmail ? [mapping.payerEmail] : [];
  const remarks = options.remarks ? `\n\n${options.remarks}` : '';
  const mail = (to: string, other: string) => ({
    channel: 'email' as const,
    to,
    subject: `Auto payments with ${other}: ${label}`,
    text: `${label}: auto payments between ${payer} and ${payee}.${remarks}`,
    html: `<p>${escapeHtml(label)}: auto payments between ${escapeHtml(payer)} and ${escapeHtml(payee)}.</p>${
      options.remarks ? `<p>${escapeHtml(options.remarks)}</p>` : ''
    }`,
  });
  await queueMessages(context, {
    db,
    messages: [...payeeTo.map((to) => mail(to, payer)), ...payerTo.map((to) => mail(to, payee))],
  });
}
