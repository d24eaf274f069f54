import type { AutoPaymentMappingStatus } from '@ferry/domain/catalogues';
import type { AutoPaymentSide } from '@ferry/domain/payments';
import type { Subject } from '@ferry/domain/permissions';
import { and, eq, inArray } from 'drizzle-orm';
import { accessDenied } from '../../platform/auth/guard.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { autoPaymentMappings } from './tables.js';

/*
 * What the contacts module needs of auto payments (the contact's status, the edit rule), kept apart
 * from the service so that contacts do not load the auto-payment engine (and through it invoices and
 * payments, which load contacts: an import cycle).
 */

/** The right of each side: the payee's customer auto payments, the payer's vendor auto payments. */
export const AUTO_PAYMENT_SUBJECT: Record<AutoPaymentSide, Subject> = {
  PAYEE: 'GetPaidManageCustomerAutoPayments',
  PAYER: 'PayManageAutoPayments',
};

/** The auto-payment right over a contact of a type (a customer is the payee's, a vendor the payer's). */
export const AUTO_PAYMENT_SUBJECT_OF: Record<'CUSTOMER' | 'VENDOR', Subject> = {
  CUSTOMER: AUTO_PAYMENT_SUBJECT.PAYEE,
  VENDOR: AUTO_PAYMENT_SUBJECT.PAYER,
};

/** The live mapping status of each contact (the contacts list's Pending/Enabled/Blocked/Disabled). */
export async function liveStatusesOfContacts(
  db: DbOrTx,
  options: { businessId: string; contactIds: readonly string[] },
): Promise<Map<string, AutoPaymentMappingStatus>> {
  const out = new Map<string, AutoPaymentMappingStatus>();
  if (options.contactIds.length === 0) return out;
  const ids = [...options.contactIds];
  const [asPayee, asPayer] = await Promise.all([
    db
      .select({ contactId: autoPaymentMappings.customerId, status: autoPaymentMappings.status })
      .from(autoPaymentMappings)
      .where(
        and(
          eq(autoPaymentMappings.payeeBusinessId, options.businessId),
          inArray(autoPaymentMappings.customerId, ids),
        ),
      ),
    db
      .select({ contactId: autoPaymentMappings.vendorId, status: autoPaymentMappings.status })
      .from(autoPaymentMappings)
      .where(
        and(
          eq(autoPaymentMappings.payerBusinessId, options.businessId),
          inArray(autoPaymentMappings.vendorId, ids),
        ),
      ),
  ]);
  for (const { contactId, status } of [...asPayee, ...asPayer]) {
    if (contactId && status !== 'PAYER_DECLINED' && status !== 'PAYEE_CANCELLED') out.set(contactId, status);
  }
  return out;
}

/**
 * Editing a contact needs manage on its type, or the auto-payment right of its side and an ACCEPTED
 * mapping for it (spec 002 §4): 403 otherwise. Called by the contact edit route when manage is missing.
 */
export async function assertAutoPaymentContactEdit(
  db: DbOrTx,
  options: { businessId: string; contactId: string; type: 'VENDOR' | 'CUSTOMER' },
): Promise<void> {
  const [owner, contact] =
    options.type === 'CUSTOMER'
      ? [autoPaymentMappings.payeeBusinessId, autoPaymentMappings.customerId]
      : [autoPaymentMappings.payerBusinessId, autoPaymentMappings.vendorId];
  const [row] = await db
    .select({ id: autoPaymentMappings.id })
    .from(autoPaymentMappings)
    .where(
      and(
        eq(owner, options.businessId),
        eq(contact, options.contactId),
        eq(autoPaymentMappings.status, 'ACCEPTED'),
      ),
    )
    .limit(1);
  if (!row) throw accessDenied();
}
