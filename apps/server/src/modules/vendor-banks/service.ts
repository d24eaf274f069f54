import {
  CONTACT_API_MESSAGES,
  CONTACT_ENTITY_TYPE,
  type VendorBankAccountRequest,
  type VendorBankList,
  type VendorBankView,
} from '@ferry/domain/schemas';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { sealAccountNumber } from '../../platform/crypto/account-number.js';
import { getDataSecretBox } from '../../platform/crypto/secret-box.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { findContactOrThrow, SUBJECT_OF } from '../contacts/access.js';
import type { ContactRow } from '../contacts/tables.js';
import { requestPaymentRelease } from '../payments/engine/jobs.js';
import { type VendorBankAccountRow, vendorBankAccounts } from './tables.js';

type Context = Pick<AppContext, 'database' | 'clock' | 'config' | 'jobs'>;

const STATUS_OF = {
  PENDING: { accountStatus: 'UNDER_REVIEW', badge: 'Under Review' },
  VERIFIED: { accountStatus: 'VERIFIED', badge: 'Verified' },
  REJECTED: { accountStatus: 'INVALID', badge: 'Invalid' },
} as const;

const managedByVendor = () => new AppError('FORBIDDEN', CONTACT_API_MESSAGES.managedByVendor);

/** The additional data the ciphertext is bound to: it cannot be moved to another row. */
export const sealContext = (bankAccountId: string) => `vendor_bank_accounts:${bankAccountId}`;

const toView = (row: VendorBankAccountRow, isPrimary: boolean): VendorBankView => {
  const status = STATUS_OF[row.verificationStatus];
  return {
    id: row.id,
    vendorId: row.contactId,
    bankName: row.bankName,
    accountType: row.accountType,
    subtype: row.accountType,
    accountHolderName: row.accountHolderName,
    routingNumber: row.routingNumber,
    accountMask: row.accountMask,
    isPrimary,
    verificationStatus: row.verificationStatus,
    accountStatus: status.accountStatus,
    badge: status.badge,
    createdAt: row.createdAt.toISOString(),
  };
};

const findVendor = (db: DbOrTx, options: { businessId: string; vendorId: string; forUpdate?: boolean }) =>
  findContactOrThrow(db, {
    businessId: options.businessId,
    contactId: options.vendorId,
    type: 'VENDOR',
    forUpdate: options.forUpdate ?? false,
  });

/** A vendor's banks, newest first; the primary is the flagged one, else the last added. */
async function listRows(db: DbOrTx, vendor: ContactRow): Promise<VendorBankList> {
  if (vendor.networkBusinessId) return { managedByVendor: true, items: [] };
  const rows = await db
    .select()
    .from(vendorBankAccounts)
    .where(eq(vendorBankAccounts.contactId, vendor.id))
    .orderBy(desc(vendorBankAccounts.createdAt), desc(vendorBankAccounts.sequence));
  const primaryId = (rows.find((r) => r.isPrimary) ?? rows[0])?.id;
  return { managedByVendor: false, items: rows.map((row) => toView(row, row.id === primaryId)) };
}

export async function listVendorBanks(
  context: Context,
  options: { businessId: string; vendorId: string },
): Promise<VendorBankList> {
  const { db } = context.database;
  return listRows(db, await findVendor(db, options));
}

/**
 * Adds bank details a payer typed for a vendor: the account number is sealed (AES-256-GCM) and only its
 * last 4 digits are kept readable. New manual banks wait for review (PENDING, 'Under Review').
 */
export async function addVendorBank(
  context: Context,
  options: { businessId: string; actor: Actor; request: VendorBankAccountRequest },
): Promise<VendorBankView> {
  const { db } = context.database;
  const { request } = options;
  const box = getDataSecretBox(context.config);
  const now = context.clock.now();
  const id = newId();
  return db.transaction(async (tx) => {
    // Locked: a concurrent "mark as primary" or link to the network sees this bank or none of it.
    const vendor = await findVendor(tx, {
      businessId: options.businessId,
      vendorId: request.vendorId,
      forUpdate: true,
    });
    if (vendor.networkBusinessId) throw managedByVendor();
    const sealed = sealAccountNumber(box, request.accountNumber, sealContext(id));
    await tx.insert(vendorBankAccounts).values({
      id,
      businessId: options.businessId,
      contactId: vendor.id,
      bankName: request.bankName.trim(),
      accountType: request.accountType,
      accountHolderName: request.accountHolderName.trim(),
      routingNumber: request.routingNumber,
      ...sealed,
      createdBy: options.actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await recordActivity(tx, {
      businessId: options.businessId,
      entityType: CONTACT_ENTITY_TYPE,
      entityId: vendor.id,
      subject: SUBJECT_OF.VENDOR,
      action: 'BANK_ACCOUNT_ADDED',
      label: 'Bank details added',
      actor: options.actor,
      remarks: `${request.bankName.trim()} *** ${sealed.accountMask}`,
      data: { bankAccountId: id },
      at: now,
    });
    const list = await listRows(tx, vendor);
    const view = list.items.find((item) => item.id === id);
    if (!view) throw new Error('bank account not listed after insert');
    // Payments waiting for this vendor's bank details are released at once (not at the next sweep).
    await requestPaymentRelease(context, tx);
    return view;
  });
}

/** Makes one of a vendor's banks its primary (the others lose the flag). */
export async function markVendorBankPrimary(
  context: Context,
  options: { businessId: string; actor: Actor; vendorId: string; bankAccountId: string },
): Promise<VendorBankList> {
  const { db } = context.database;
  const now = context.clock.now();
  return db.transaction(async (tx) => {
    const vendor = await findVendor(tx, { ...options, forUpdate: true });
    if (vendor.networkBusinessId) throw managedByVendor();
    const [bank] = /^[0-9a-f]{24}$/.test(options.bankAccountId)
      ? await tx
          .select()
          .from(vendorBankAccounts)
          .where(
            and(
              eq(vendorBankAccounts.id, options.bankAccountId),
              eq(vendorBankAccounts.contactId, vendor.id),
            ),
          )
          .limit(1)
      : [];
    if (!bank) throw new AppError('NOT_FOUND', CONTACT_API_MESSAGES.bankAccountNotFound);
    await tx
      .update(vendorBankAccounts)
      .set({ isPrimary: sql`${vendorBankAccounts.id} = ${bank.id}`, updatedAt: now })
      .where(eq(vendorBankAccounts.contactId, vendor.id));
    await recordActivity(tx, {
      businessId: options.businessId,
      entityType: CONTACT_ENTITY_TYPE,
      entityId: vendor.id,
      subject: SUBJECT_OF.VENDOR,
      action: 'BANK_ACCOUNT_MARKED_PRIMARY',
      label: 'Primary bank changed',
      actor: options.actor,
      remarks: `${bank.bankName} *** ${bank.accountMask}`,
      data: { bankAccountId: bank.id },
      at: now,
    });
    return listRows(tx, vendor);
  });
}

/** The full account number, for the payment rails only (never for an API answer). */
export function revealAccountNumber(context: Pick<AppContext, 'config'>, row: VendorBankAccountRow): string {
  return getDataSecretBox(context.config).open(row.accountNumberCiphertext, sealContext(row.id));
}
