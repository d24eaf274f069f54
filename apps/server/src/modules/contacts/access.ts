import type { AppAbility, Subject } from '@ferry/domain/permissions';
import { CONTACT_API_MESSAGES, type ContactKind } from '@ferry/domain/schemas';
import { and, eq } from 'drizzle-orm';
import { accessDenied } from '../../platform/auth/guard.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { getPgErrorCode, PG_UNIQUE_VIOLATION } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { type ContactRow, contacts } from './tables.js';

/** The right behind a contact type: vendors belong to Pay, customers to Get Paid (spec 002 §6). */
export const SUBJECT_OF: Record<ContactKind, Subject> = {
  VENDOR: 'PayManageVendors',
  CUSTOMER: 'GetPaidManageCustomers',
};

export const VENDOR_READ: ['read', Subject] = ['read', 'PayManageVendors'];
export const VENDOR_MANAGE: ['manage', Subject] = ['manage', 'PayManageVendors'];
export const CUSTOMER_READ: ['read', Subject] = ['read', 'GetPaidManageCustomers'];
export const CUSTOMER_MANAGE: ['manage', Subject] = ['manage', 'GetPaidManageCustomers'];

/** The guard's form of "vendors or customers" (the record's type decides which, in the handler). */
export const CONTACT_READ_ANY = { anyOf: [VENDOR_READ, CUSTOMER_READ] };
export const CONTACT_MANAGE_ANY = { anyOf: [VENDOR_MANAGE, CUSTOMER_MANAGE] };

export { accessDenied };

/** Throws 403 unless the member may `action` contacts of `type`. */
export function assertContactRight(ability: AppAbility, action: 'read' | 'manage', type: ContactKind): void {
  if (!ability.can(action, SUBJECT_OF[type])) throw accessDenied();
}

export const canManageType = (ability: AppAbility, type: ContactKind): boolean =>
  ability.can('manage', SUBJECT_OF[type]);

export const notFoundMessageOf = (type: ContactKind | undefined): string =>
  type === 'VENDOR'
    ? CONTACT_API_MESSAGES.vendorNotFound
    : type === 'CUSTOMER'
      ? CONTACT_API_MESSAGES.customerNotFound
      : CONTACT_API_MESSAGES.contactNotFound;

export const exists409MessageOf = (type: ContactKind): string =>
  type === 'VENDOR' ? CONTACT_API_MESSAGES.vendorExists : CONTACT_API_MESSAGES.customerExists;

const ID = /^[0-9a-f]{24}$/;

/**
 * A contact of the business (of `type` when given), or 404 — a contact of another business is as
 * unknown as a missing one. `forUpdate` locks the row until the transaction ends.
 */
export async function findContactOrThrow(
  db: DbOrTx,
  options: { businessId: string; contactId: string; type?: ContactKind; forUpdate?: boolean },
): Promise<ContactRow> {
  const message = notFoundMessageOf(options.type);
  if (!ID.test(options.contactId)) throw new AppError('NOT_FOUND', message);
  const conditions = [eq(contacts.id, options.contactId), eq(contacts.businessId, options.businessId)];
  if (options.type) conditions.push(eq(contacts.type, options.type));
  const query = db
    .select()
    .from(contacts)
    .where(and(...conditions))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', message);
  return row;
}

/** The name of the unique index a failed insert or update broke, when it broke one. */
export function violatedUniqueIndex(error: unknown): string | null {
  if (getPgErrorCode(error) !== PG_UNIQUE_VIOLATION) return null;
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return 'unknown';
}

/** Turns a broken contact unique index into the spec's 409; anything else is rethrown. */
export function rethrowContactConflict(error: unknown, type: ContactKind): never {
  const index = violatedUniqueIndex(error);
  if (index === 'contacts_network_unique') {
    throw new AppError(
      'CONFLICT',
      type === 'VENDOR' ? CONTACT_API_MESSAGES.alreadyVendor : CONTACT_API_MESSAGES.alreadyCustomer,
    );
  }
  if (index !== null) {
    throw new AppError('CONFLICT', exists409MessageOf(type), {
      errors: [{ field: 'email', message: exists409MessageOf(type) }],
    });
  }
  throw error;
}
