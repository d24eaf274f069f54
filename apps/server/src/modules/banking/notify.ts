import { bankChangeHoldUntil } from '@ferry/domain/catalogues';
import { type Action, defineAbilityFor, type Subject } from '@ferry/domain/permissions';
import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { businesses, businessMembers } from '../businesses/tables.js';
import { contacts } from '../contacts/tables.js';
import { createInvitation } from '../invitations/service.js';
import type { VendorBankChange } from '../notifications/banking-templates.js';
import { renderVendorBankChangedMail } from '../notifications/banking-templates.js';
import { queueMessage } from '../notifications/service.js';
import type { RenderedMail } from '../notifications/templates.js';
import { roles } from '../roles/tables.js';
import { BLOCKED_STATUSES } from '../users/service.js';
import { type UserRow, users } from '../users/tables.js';
import { businessBankAccounts } from './tables.js';

type Ctx = Pick<AppContext, 'clock' | 'config' | 'jobs'>;

export const MANUAL_BANK_VERIFICATION = 'MANUAL_BANK_VERIFICATION';
export const RECONNECT_BANK_ACCOUNT = 'RECONNECT_BANK_ACCOUNT';
/** The invitation actions of spec 002 ("reconnect bank account", "manual bank verification failed or pending"). */
export const BANK_INVITATION_ACTIONS = {
  [MANUAL_BANK_VERIFICATION]: 'manual bank verification failed or pending',
  [RECONNECT_BANK_ACCOUNT]: 'reconnect bank account',
} as const;

/** The right that makes a member one of a business's bank admins (they get the bank mails). */
export const BANK_ADMIN_RIGHT: [Action, Subject] = ['manage', 'PaymentMethod'];
/** The right that makes a payer's member care about a vendor's bank change. */
export const VENDOR_ADMIN_RIGHT: [Action, Subject] = ['manage', 'PayManageVendors'];

/** The origin links in mails sent outside a request point at (PUBLIC_URL, else the local server). */
export const mailOrigin = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string =>
  config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;

/** Active members of a business whose role grants `right` (active, unblocked users only). */
export async function membersWithRight(
  db: DbOrTx,
  businessId: string,
  right: [Action, Subject],
): Promise<UserRow[]> {
  const rows = await db
    .select({ user: users, permissions: roles.permissions })
    .from(businessMembers)
    .innerJoin(roles, eq(roles.id, businessMembers.roleId))
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.status, 'ACTIVE')))
    .orderBy(businessMembers.createdAt);
  return rows
    .filter((row) => !BLOCKED_STATUSES.has(row.user.activeStatus))
    .filter((row) => defineAbilityFor(row.permissions).can(right[0], right[1]))
    .map((row) => row.user);
}

export async function businessNameOf(db: DbOrTx, businessId: string): Promise<string> {
  const [row] = await db
    .select({ name: businesses.businessName })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row?.name ?? 'your business';
}

/**
 * Mails each bank admin of a business a link through the invitation machinery: accepting it (signed in
 * as that admin) opens /process/bank/start for the bank (see kinds.ts).
 */
export async function mailBankAdmins(
  db: DbOrTx,
  context: Ctx,
  options: {
    businessId: string;
    bankAccountId: string;
    type: typeof MANUAL_BANK_VERIFICATION | typeof RECONNECT_BANK_ACCOUNT;
    render: (link: string) => RenderedMail;
    ttlMinutes?: number;
  },
): Promise<number> {
  const admins = await membersWithRight(db, options.businessId, BANK_ADMIN_RIGHT);
  const origin = mailOrigin(context.config);
  for (const admin of admins) {
    const created = await createInvitation(context, {
      db,
      type: options.type,
      action: BANK_INVITATION_ACTIONS[options.type],
      email: admin.email,
      sentToUserId: admin.id,
      businessId: options.businessId,
      data: {
        accountId: options.bankAccountId,
        action: options.type === RECONNECT_BANK_ACCOUNT ? 'reconnect' : 'verify',
      },
      ttlMinutes: options.ttlMinutes,
    });
    const link = new URL(`/accept-invitation?token=${encodeURIComponent(created.token)}`, origin).toString();
    await queueMessage(context, {
      db,
      message: { channel: 'email', to: admin.email, ...options.render(link) },
    });
  }
  return admins.length;
}

/**
 * A business on the Ferry network changed one of its own banks: every other business that has it as
 * a vendor is told (the members who manage vendors), and the bank payments would now go to is held
 * for 24 hours (bankChangeHoldUntil). Nothing happens when no business pays this one through Ferry.
 */
export async function noticeVendorBankChange(
  db: DbOrTx,
  context: Ctx,
  options: {
    businessId: string;
    change: VendorBankChange;
    bank: { bankName: string; accountMask: string };
    /** The bank whose next payment waits (the changed bank, or the new primary after a removal). */
    holdBankAccountId: string | null;
  },
): Promise<{ payers: number; holdUntil: Date | null }> {
  const payers = await db
    .selectDistinct({ businessId: contacts.businessId, contactId: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.networkBusinessId, options.businessId),
        eq(contacts.type, 'VENDOR'),
        ne(contacts.businessId, options.businessId),
      ),
    );
  if (payers.length === 0) return { payers: 0, holdUntil: null };
  const now = context.clock.now();
  const holdUntil = bankChangeHoldUntil(now);
  if (options.holdBankAccountId) {
    await db
      .update(businessBankAccounts)
      .set({ holdUntil, updatedAt: now })
      .where(eq(businessBankAccounts.id, options.holdBankAccountId));
  }
  const vendorName = await businessNameOf(db, options.businessId);
  const origin = mailOrigin(context.config);
  const notified = new Set<string>();
  for (const payer of payers) {
    if (notified.has(payer.businessId)) continue;
    notified.add(payer.businessId);
    const payerName = await businessNameOf(db, payer.businessId);
    const link = new URL(`/b/${payer.businessId}/vendors/${payer.contactId}`, origin).toString();
    for (const admin of await membersWithRight(db, payer.businessId, VENDOR_ADMIN_RIGHT)) {
      const mail = renderVendorBankChangedMail({
        vendorName,
        payerBusinessName: payerName,
        change: options.change,
        bankName: options.bank.bankName,
        accountMask: options.bank.accountMask,
        holdUntil: `${holdUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        link,
      });
      await queueMessage(context, { db, message: { channel: 'email', to: admin.email, ...mail } });
    }
  }
  return { payers: notified.size, holdUntil };
}
