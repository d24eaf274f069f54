import {
  AccountingError,
  type ContactPush,
  type DocumentPush,
  type ImportKind,
  type ImportRecords,
  type PaymentPush,
  type PushKind,
  type RemoteAccount,
  type RemoteContact,
  type RemoteDocument,
  type RemoteItem,
  type RemoteLine,
} from '../accounting.js';
import { fromCents, toCents } from '../retry.js';
import type { QboAccount, QboContact, QboDocument, QboItem, QboLine, QboMeta, QboRef } from './types.js';

/** BillPayment.DocNumber and Payment.PaymentRefNum hold at most 21 characters. */
const REFERENCE_MAX = 21;

/** The QuickBooks entity behind each import kind, and whether it has an `Active` flag to include both. */
export const IMPORT_ENTITIES: Record<ImportKind, { entity: string; hasActive: boolean }> = {
  ACCOUNT: { entity: 'Account', hasActive: true },
  ITEM: { entity: 'Item', hasActive: true },
  VENDOR: { entity: 'Vendor', hasActive: true },
  CUSTOMER: { entity: 'Customer', hasActive: true },
  BILL: { entity: 'Bill', hasActive: false },
  INVOICE: { entity: 'Invoice', hasActive: false },
};

/** The entity each push kind creates (name in the JSON answer, and the path). */
export const PUSH_ENTITIES: Record<PushKind, { entity: string; path: string }> = {
  VENDOR: { entity: 'Vendor', path: 'vendor' },
  CUSTOMER: { entity: 'Customer', path: 'customer' },
  BILL: { entity: 'Bill', path: 'bill' },
  INVOICE: { entity: 'Invoice', path: 'invoice' },
  BILL_PAYMENT: { entity: 'BillPayment', path: 'billpayment' },
  INVOICE_PAYMENT: { entity: 'Payment', path: 'payment' },
};

const ACCOUNT_TYPES: Record<string, RemoteAccount['type']> = {
  Bank: 'BANK',
  'Credit Card': 'CREDIT_CARD',
  Expense: 'EXPENSE',
  'Other Expense': 'EXPENSE',
  Income: 'INCOME',
  'Other Income': 'INCOME',
  'Cost of Goods Sold': 'COST_OF_GOODS_SOLD',
};

// ---------------------------------------------------------------------------------------------
// Mapping QuickBooks records to Ferry's
// ---------------------------------------------------------------------------------------------

const instant = (value: string | undefined): string => {
  const at = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? new Date(0).toISOString() : new Date(at).toISOString();
};
export const updatedAtOf = (record: QboMeta) => instant(record.MetaData?.LastUpdatedTime);

function toRemoteAccount(account: QboAccount): RemoteAccount {
  return {
    remoteId: account.Id,
    updatedAt: updatedAtOf(account),
    active: account.Active !== false,
    name: account.Name,
    number: account.AcctNum || null,
    type: ACCOUNT_TYPES[account.AccountType ?? ''] ?? null,
  };
}

function toRemoteItem(item: QboItem): RemoteItem {
  return {
    remoteId: item.Id,
    updatedAt: updatedAtOf(item),
    active: item.Active !== false,
    name: item.Name,
    description: item.Description || null,
    unitPriceCents: item.UnitPrice === undefined ? null : toCents(item.UnitPrice),
    isSold: Boolean(item.IncomeAccountRef),
    isPurchased: Boolean(item.ExpenseAccountRef),
  };
}

function toRemoteContact(contact: QboContact): RemoteContact {
  return {
    remoteId: contact.Id,
    updatedAt: updatedAtOf(contact),
    active: contact.Active !== false,
    name: contact.DisplayName,
    email: contact.PrimaryEmailAddr?.Address || null,
    phone: contact.PrimaryPhone?.FreeFormNumber || null,
  };
}

function toRemoteLine(line: QboLine): RemoteLine | null {
  const base = { description: line.Description || null, amountCents: toCents(line.Amount) };
  switch (line.DetailType) {
    case 'AccountBasedExpenseLineDetail':
      return {
        ...base,
        quantity: null,
        accountRemoteId: line.AccountBasedExpenseLineDetail?.AccountRef?.value ?? null,
        itemRemoteId: null,
      };
    case 'ItemBasedExpenseLineDetail':
      return {
        ...base,
        quantity: line.ItemBasedExpenseLineDetail?.Qty ?? null,
        accountRemoteId: null,
        itemRemoteId: line.ItemBasedExpenseLineDetail?.ItemRef?.value ?? null,
      };
    case 'SalesItemLineDetail':
      return {
        ...base,
        quantity: line.SalesItemLineDetail?.Qty ?? null,
        accountRemoteId: null,
        itemRemoteId: line.SalesItemLineDetail?.ItemRef?.value ?? null,
      };
    case 'DiscountLineDetail':
      // A discount reduces the total: QuickBooks gives it as a positive amount.
      return {
        ...base,
        amountCents: -base.amountCents,
        quantity: null,
        accountRemoteId: line.DiscountLineDetail?.DiscountAccountRef?.value ?? null,
        itemRemoteId: null,
      };
    default:
      // SubTotalLineDetail repeats the lines above it; description-only and group lines carry no amount of their own.
      return null;
  }
}

function toRemoteDocument(document: QboDocument, contactRef: QboRef | undefined): RemoteDocument {
  const totalCents = toCents(document.TotalAmt);
  const balanceCents = toCents(document.Balance);
  // QuickBooks voids an invoice by zeroing it and noting "Voided" in its private note.
  const isVoid = totalCents === 0 && /^voided\b/i.test(document.PrivateNote ?? '');
  return {
    remoteId: document.Id,
    updatedAt: updatedAtOf(document),
    active: true,
    contactRemoteId: contactRef?.value ?? '',
    number: document.DocNumber || null,
    date: document.TxnDate,
    dueDate: document.DueDate || null,
    totalCents,
    balanceCents,
    currency: document.CurrencyRef?.value ?? null,
    memo: document.PrivateNote || null,
    status: isVoid ? 'VOID' : balanceCents === 0 && totalCents > 0 ? 'PAID' : 'OPEN',
    lines: (document.Line ?? []).map(toRemoteLine).filter((line): line is RemoteLine => line !== null),
  };
}

export const MAPPERS: { [K in ImportKind]: (record: never) => ImportRecords[K] } = {
  ACCOUNT: toRemoteAccount,
  ITEM: toRemoteItem,
  VENDOR: toRemoteContact,
  CUSTOMER: toRemoteContact,
  BILL: (bill: QboDocument) => toRemoteDocument(bill, bill.VendorRef),
  INVOICE: (invoice: QboDocument) => toRemoteDocument(invoice, invoice.CustomerRef),
};

// ---------------------------------------------------------------------------------------------
// Ferry's records to QuickBooks'
// ---------------------------------------------------------------------------------------------

function contactBody(contact: ContactPush) {
  return {
    DisplayName: contact.name,
    ...(contact.email ? { PrimaryEmailAddr: { Address: contact.email } } : {}),
    ...(contact.phone ? { PrimaryPhone: { FreeFormNumber: contact.phone } } : {}),
  };
}

function billBody(bill: DocumentPush) {
  return {
    VendorRef: { value: bill.contactRemoteId },
    DocNumber: bill.number,
    TxnDate: bill.date,
    DueDate: bill.dueDate,
    ...(bill.memo ? { PrivateNote: bill.memo } : {}),
    Line: bill.lines.map((line) => {
      const common = { Amount: fromCents(line.amountCents), Description: line.description };
      if (line.accountRemoteId)
        return {
          ...common,
          DetailType: 'AccountBasedExpenseLineDetail',
          AccountBasedExpenseLineDetail: { AccountRef: { value: line.accountRemoteId } },
        };
      if (line.itemRemoteId)
        return {
          ...common,
          DetailType: 'ItemBasedExpenseLineDetail',
          ItemBasedExpenseLineDetail: {
            ItemRef: { value: line.itemRemoteId },
            Qty: 1,
            UnitPrice: fromCents(line.amountCents),
          },
        };
      throw new AccountingError('REJECTED', 'Each bill line needs an account or an item in QuickBooks.');
    }),
  };
}

/** Invoice lines are item lines in QuickBooks (the item carries the income account); without an item QuickBooks uses its default one. */
function invoiceBody(invoice: DocumentPush) {
  return {
    CustomerRef: { value: invoice.contactRemoteId },
    DocNumber: invoice.number,
    TxnDate: invoice.date,
    DueDate: invoice.dueDate,
    ...(invoice.memo ? { PrivateNote: invoice.memo } : {}),
    Line: invoice.lines.map((line) => ({
      Amount: fromCents(line.amountCents),
      Description: line.description,
      DetailType: 'SalesItemLineDetail',
      SalesItemLineDetail: {
        ...(line.itemRemoteId ? { ItemRef: { value: line.itemRemoteId } } : {}),
        Qty: 1,
        UnitPrice: fromCents(line.amountCents),
      },
    })),
  };
}

/** A bill payment: by check from a bank account, or (`byCard`) charged to a credit card account. */
export function billPaymentBody(payment: PaymentPush, byCard = false) {
  return {
    VendorRef: { value: payment.contactRemoteId },
    ...(byCard
      ? { PayType: 'CreditCard', CreditCardPayment: { CCAccountRef: { value: payment.accountRemoteId } } }
      : { PayType: 'Check', CheckPayment: { BankAccountRef: { value: payment.accountRemoteId } } }),
    TotalAmt: fromCents(payment.amountCents),
    TxnDate: payment.date,
    DocNumber: payment.reference.slice(0, REFERENCE_MAX),
    PrivateNote: payment.memo,
    Line: [
      {
        Amount: fromCents(payment.amountCents),
        LinkedTxn: [{ TxnId: payment.documentRemoteId, TxnType: 'Bill' }],
      },
    ],
  };
}

function invoicePaymentBody(payment: PaymentPush) {
  return {
    CustomerRef: { value: payment.contactRemoteId },
    TotalAmt: fromCents(payment.amountCents),
    TxnDate: payment.date,
    DepositToAccountRef: { value: payment.accountRemoteId },
    PaymentRefNum: payment.reference.slice(0, REFERENCE_MAX),
    PrivateNote: payment.memo,
    Line: [
      {
        Amount: fromCents(payment.amountCents),
        LinkedTxn: [{ TxnId: payment.documentRemoteId, TxnType: 'Invoice' }],
      },
    ],
  };
}

export const PUSH_BODIES: { [K in PushKind]: (record: never) => Record<string, unknown> } = {
  VENDOR: contactBody,
  CUSTOMER: contactBody,
  BILL: billBody,
  INVOICE: invoiceBody,
  BILL_PAYMENT: billPaymentBody,
  INVOICE_PAYMENT: invoicePaymentBody,
};
