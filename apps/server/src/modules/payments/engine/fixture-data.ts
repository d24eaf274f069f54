import type { AppContext } from '../../../platform/context.js';
import { sealAccountNumber } from '../../../platform/crypto/account-number.js';
import { getDataSecretBox } from '../../../platform/crypto/secret-box.js';
import { newId } from '../../../platform/ids.js';
import { makeContact } from '../../../testing/contact-factories.js';
import { makeSignedInBusiness } from '../../../testing/factories.js';
import { accountDigestOf, accountSealContext } from '../../banking/service.js';
import { businessBankAccounts } from '../../banking/tables.js';
import { bills } from '../../bills/tables.js';
import { sealContext as vendorSealContext } from '../../vendor-banks/service.js';
import { vendorBankAccounts } from '../../vendor-banks/tables.js';

// Free of the test runner: the engine's tests (engine-fixtures.ts) and the benches (bench/faults.ts) use it.
/** Test data for the payment engine: a verified payer with a verified bank, vendors with banks, bills. */

export type Ctx = Pick<AppContext, 'database' | 'clock' | 'config'>;

let accountSeq = 0;
const nextAccountNumber = () => {
  accountSeq += 1;
  return `${50_000_000_000 + accountSeq * 7_919 + Math.floor(Math.random() * 1000)}`;
};

/** A verified (VERIFIED/VERIFIED) bank of a business, as an instant link leaves it. */
export async function makeVerifiedBank(context: Ctx, businessId: string): Promise<string> {
  const id = newId();
  const accountNumber = nextAccountNumber();
  const now = context.clock.now();
  await context.database.db.insert(businessBankAccounts).values({
    id,
    businessId,
    bankName: 'First Harbor Bank',
    accountName: 'First Harbor Checking',
    accountHolderName: 'Payer Holdings',
    accountType: 'BUSINESS_CHECKING',
    subtype: 'checking',
    routingNumber: '021000021',
    ...sealAccountNumber(getDataSecretBox(context.config), accountNumber, accountSealContext(id)),
    accountDigest: accountDigestOf(context, '021000021', accountNumber),
    provider: 'PLAID',
    verificationStatus: 'VERIFIED',
    accountStatus: 'VERIFIED',
    status: 'CONNECTED',
    isPrimary: true,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** Bank details the payer entered for a vendor. */
export async function addVendorBankDetails(
  context: Ctx,
  businessId: string,
  vendorId: string,
): Promise<string> {
  const id = newId();
  const now = context.clock.now();
  await context.database.db.insert(vendorBankAccounts).values({
    id,
    businessId,
    contactId: vendorId,
    bankName: 'Harbor Vendor Bank',
    accountType: 'BUSINESS_CHECKING',
    accountHolderName: 'Vendor Supplies',
    routingNumber: '011000015',
    ...sealAccountNumber(getDataSecretBox(context.config), nextAccountNumber(), vendorSealContext(id)),
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

export async function makeVendor(context: Ctx, businessId: string, options: { withBank?: boolean } = {}) {
  const vendor = await makeContact(context, { businessId, type: 'VENDOR' });
  if (options.withBank ?? true) await addVendorBankDetails(context, businessId, vendor.id);
  return vendor;
}

let billSeq = 0;
/** An open bill of `amountCents` (written directly). */
export async function makeBill(
  context: Ctx,
  options: { businessId: string; vendorId: string; amountCents: number },
): Promise<string> {
  billSeq += 1;
  const id = newId();
  const now = context.clock.now();
  await context.database.db.insert(bills).values({
    id,
    businessId: options.businessId,
    vendorId: options.vendorId,
    refNo: `INV-${billSeq}-${id.slice(-4)}`,
    billDate: '2026-10-20',
    dueDate: '2026-11-20',
    paymentTerm: 'CUSTOM',
    subtotalCents: options.amountCents,
    amountCents: options.amountCents,
    balanceCents: options.amountCents,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

export interface Payer {
  businessId: string;
  headers: Record<string, string>;
  bankId: string;
}

/** A FULL_VERIFIED business, signed in, with a verified bank. */
export async function makePayer(
  context: Ctx,
  overrides: { verificationStatus?: string } = {},
): Promise<Payer> {
  const business = await makeSignedInBusiness(context, overrides);
  const bankId = await makeVerifiedBank(context, business.businessId);
  return { businessId: business.businessId, headers: business.headers, bankId };
}
