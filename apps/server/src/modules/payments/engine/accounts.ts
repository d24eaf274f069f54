import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { RailsAccount, RailsCard } from '../../../providers/rails/rails.js';
import { revealAccountNumber as revealBusinessAccount } from '../../banking/service.js';
import { businessBankAccounts } from '../../banking/tables.js';
import { cards } from '../../cards/tables.js';
import { contacts } from '../../contacts/tables.js';
import { revealAccountNumber as revealVendorAccount } from '../../vendor-banks/service.js';
import { vendorBankAccounts } from '../../vendor-banks/tables.js';
import type { PaymentRow } from '../tables.js';

type Ctx = Pick<AppContext, 'config'>;

/** Where the money of a payment comes from: the payer's bank account or card. Null when it is gone. */
export async function payerSource(
  db: DbOrTx,
  context: Ctx,
  row: Pick<PaymentRow, 'method' | 'bankAccountId' | 'cardId'>,
): Promise<RailsAccount | RailsCard | null> {
  if (row.method === 'CARD' && row.cardId) {
    const [card] = await db.select().from(cards).where(eq(cards.id, row.cardId)).limit(1);
    if (!card) return null;
    return {
      type: 'CARD',
      token: card.vaultTokenId,
      brand: card.brand,
      last4: card.last4,
      holderName: card.nameOnCard,
      reference: card.id,
    };
  }
  if (row.method === 'BANK' && row.bankAccountId) {
    const [bank] = await db
      .select()
      .from(businessBankAccounts)
      .where(eq(businessBankAccounts.id, row.bankAccountId))
      .limit(1);
    if (!bank) return null;
    return {
      routingNumber: bank.routingNumber,
      accountNumber: revealBusinessAccount(context, bank),
      holderName: bank.accountHolderName ?? bank.accountName,
      bankName: bank.bankName,
      reference: bank.id,
    };
  }
  return null;
}

export interface VendorDestination {
  account: RailsAccount;
  /** Whose details these are: typed by the payer (VENDOR_DETAILS) or the payee business's own bank. */
  source: 'VENDOR_DETAILS' | 'PAYEE_BUSINESS';
  accountMask: string;
}

/** The network payee's bank: its primary verified bank, else its newest verified one. */
async function payeeBusinessBank(db: DbOrTx, businessId: string) {
  const [bank] = await db
    .select()
    .from(businessBankAccounts)
    .where(
      and(
        eq(businessBankAccounts.businessId, businessId),
        eq(businessBankAccounts.verificationStatus, 'VERIFIED'),
        isNull(businessBankAccounts.deletedAt),
      ),
    )
    .orderBy(desc(businessBankAccounts.isPrimary), desc(businessBankAccounts.sequence))
    .limit(1);
  return bank ?? null;
}

/** The vendor's bank details typed by the payer: the flagged primary, else the last added. */
async function vendorDetailsBank(db: DbOrTx, vendorId: string) {
  const [bank] = await db
    .select()
    .from(vendorBankAccounts)
    .where(
      and(eq(vendorBankAccounts.contactId, vendorId), ne(vendorBankAccounts.verificationStatus, 'REJECTED')),
    )
    .orderBy(
      desc(vendorBankAccounts.isPrimary),
      desc(vendorBankAccounts.createdAt),
      desc(vendorBankAccounts.sequence),
    )
    .limit(1);
  return bank ?? null;
}

/**
 * Where a payment to a vendor is credited: a network vendor's own verified bank, or the bank details the
 * payer entered for the vendor. Null when the vendor has no bank on file.
 */
export async function vendorDestination(
  db: DbOrTx,
  context: Ctx,
  vendorId: string,
): Promise<VendorDestination | null> {
  const [vendor] = await db.select().from(contacts).where(eq(contacts.id, vendorId)).limit(1);
  if (!vendor) return null;
  if (vendor.networkBusinessId) {
    const bank = await payeeBusinessBank(db, vendor.networkBusinessId);
    if (!bank) return null;
    return {
      source: 'PAYEE_BUSINESS',
      accountMask: bank.accountMask,
      account: {
        routingNumber: bank.routingNumber,
        accountNumber: revealBusinessAccount(context, bank),
        holderName: bank.accountHolderName ?? bank.accountName,
        bankName: bank.bankName,
        reference: bank.id,
      },
    };
  }
  const bank = await vendorDetailsBank(db, vendor.id);
  if (!bank) return null;
  return {
    source: 'VENDOR_DETAILS',
    accountMask: bank.accountMask,
    account: {
      routingNumber: bank.routingNumber,
      accountNumber: revealVendorAccount(context, bank),
      holderName: bank.accountHolderName,
      bankName: bank.bankName,
      reference: bank.id,
    },
  };
}

/** Whether the vendor has a bank to be paid to (without opening any account number). */
export async function vendorHasBank(db: DbOrTx, vendorId: string): Promise<boolean> {
  const [vendor] = await db
    .select({ networkBusinessId: contacts.networkBusinessId })
    .from(contacts)
    .where(eq(contacts.id, vendorId))
    .limit(1);
  if (!vendor) return false;
  if (vendor.networkBusinessId) return (await payeeBusinessBank(db, vendor.networkBusinessId)) !== null;
  return (await vendorDetailsBank(db, vendorId)) !== null;
}
