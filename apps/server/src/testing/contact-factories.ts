import type { ContactKind } from '@ferry/domain/schemas';
import { userActor } from '../modules/activity/service.js';
import { addMember } from '../modules/businesses/service.js';
import { uploadDocument } from '../modules/contacts/documents-service.js';
import { type ContactRow, contacts } from '../modules/contacts/tables.js';
import { roles } from '../modules/roles/tables.js';
import type { UserRow } from '../modules/users/tables.js';
import { addVendorBank } from '../modules/vendor-banks/service.js';
import type { AppContext } from '../platform/context.js';
import { newId } from '../platform/ids.js';
import { pdfBytes } from './multipart.js';

let sequence = 0;

/** A vendor (default) or customer of a business, written directly. */
export async function makeContact(
  context: Pick<AppContext, 'database' | 'clock'>,
  options: { businessId: string; type?: ContactKind } & Partial<Omit<ContactRow, 'businessId' | 'type'>>,
): Promise<ContactRow> {
  sequence += 1;
  const { businessId, type, ...overrides } = options;
  const [row] = await context.database.db
    .insert(contacts)
    .values({
      id: newId(),
      businessId,
      type: type ?? 'VENDOR',
      name: `Contact ${String.fromCharCode(65 + (sequence % 26))}${sequence}`,
      email: `contact${sequence}.${newId().slice(0, 6)}@example.com`,
      createdAt: context.clock.now(),
      updatedAt: context.clock.now(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('contact not created');
  return row;
}

/** Adds `user` to a business with a custom role holding exactly `permissions`. */
export async function addMemberWithPermissions(
  context: Pick<AppContext, 'database' | 'clock'>,
  options: { businessId: string; user: UserRow; permissions: string[] },
): Promise<void> {
  const roleId = newId();
  await context.database.db.insert(roles).values({
    id: roleId,
    businessId: options.businessId,
    name: `Custom ${roleId.slice(0, 6)}`,
    permissions: options.permissions,
    createdAt: context.clock.now(),
    updatedAt: context.clock.now(),
  });
  await addMember({
    db: context.database.db,
    clock: context.clock,
    businessId: options.businessId,
    userId: options.user.id,
    roleId,
  });
}

export const VALID_BANK = {
  bankName: 'First Harbor Bank',
  accountType: 'BUSINESS_CHECKING',
  accountHolderName: 'Harbor Supplies',
  routingNumber: '011000015',
  accountNumber: '9876543210123',
  confirmAccountNumber: '9876543210123',
  consent: true,
} as const;

/** A vendor with one document and one bank account, and a customer (the ids routes of the contacts area need). */
export async function makeContactFixture(
  context: AppContext,
  options: {
    businessId: string;
    owner: UserRow;
    /** Fields of the vendor and the customer (a name, an email) other than the made-up ones. */
    vendor?: Partial<Omit<ContactRow, 'businessId' | 'type'>>;
    customer?: Partial<Omit<ContactRow, 'businessId' | 'type'>>;
  },
) {
  const vendor = await makeContact(context, {
    ...options.vendor,
    businessId: options.businessId,
    type: 'VENDOR',
  });
  const customer = await makeContact(context, {
    ...options.customer,
    businessId: options.businessId,
    type: 'CUSTOMER',
  });
  const actor = userActor(options.owner);
  const document = await uploadDocument(context, {
    businessId: options.businessId,
    contact: vendor,
    actor,
    body: pdfBytes(),
    fileName: 'w9.pdf',
    documentType: 'OTHER',
    entityType: 'VENDOR',
  });
  const bank = await addVendorBank(context, {
    businessId: options.businessId,
    actor,
    request: { ...VALID_BANK, vendorId: vendor.id },
  });
  return { vendorId: vendor.id, customerId: customer.id, documentId: document.id, bankAccountId: bank.id };
}
