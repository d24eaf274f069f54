import { SANDBOX_BOOKS_EDITABLE_KINDS, type SandboxBooksKind } from '@ferry/domain/schemas';

export type EditableKind = (typeof SANDBOX_BOOKS_EDITABLE_KINDS)[number];

/** Each kind's tab label, and the singular for 'Add vendor', 'Edit bill'. */
export const KIND_TEXT: Record<SandboxBooksKind, { label: string; singular: string }> = {
  VENDOR: { label: 'Vendors', singular: 'vendor' },
  CUSTOMER: { label: 'Customers', singular: 'customer' },
  BILL: { label: 'Bills', singular: 'bill' },
  INVOICE: { label: 'Invoices', singular: 'invoice' },
  ACCOUNT: { label: 'Chart of accounts', singular: 'account' },
  ITEM: { label: 'Items', singular: 'item' },
  BILL_PAYMENT: { label: 'Bill payments', singular: 'bill payment' },
  INVOICE_PAYMENT: { label: 'Invoice payments', singular: 'invoice payment' },
};

/** The browse page's tabs, in order. */
export const TAB_KINDS: SandboxBooksKind[] = [
  'VENDOR',
  'CUSTOMER',
  'BILL',
  'INVOICE',
  'ACCOUNT',
  'ITEM',
  'BILL_PAYMENT',
  'INVOICE_PAYMENT',
];

export const isEditableKind = (kind: SandboxBooksKind): kind is EditableKind =>
  (SANDBOX_BOOKS_EDITABLE_KINDS as readonly string[]).includes(kind);

/** Which form a kind edits with. */
export type FormShape = 'contact' | 'account' | 'item' | 'document';
export const formShapeOf = (kind: EditableKind): FormShape => {
  if (kind === 'VENDOR' || kind === 'CUSTOMER') return 'contact';
  if (kind === 'BILL' || kind === 'INVOICE') return 'document';
  return kind === 'ACCOUNT' ? 'account' : 'item';
};

/** The contacts a document belongs to: a bill's vendor, an invoice's customer. */
export const contactKindOf = (kind: SandboxBooksKind): 'VENDOR' | 'CUSTOMER' =>
  kind === 'INVOICE' || kind === 'INVOICE_PAYMENT' ? 'CUSTOMER' : 'VENDOR';

export const ACCOUNT_TYPES = [
  { value: 'BANK', label: 'Bank' },
  { value: 'CREDIT_CARD', label: 'Credit card' },
  { value: 'EXPENSE', label: 'Expense' },
  { value: 'INCOME', label: 'Income' },
  { value: 'COST_OF_GOODS_SOLD', label: 'Cost of goods sold' },
] as const;

export const DOCUMENT_STATUSES = [
  { value: 'OPEN', label: 'Open' },
  { value: 'PAID', label: 'Paid' },
  { value: 'VOID', label: 'Void' },
] as const;

/** A record's text field, or '' (records are free-form JSON). */
export const textOf = (data: Record<string, unknown>, key: string): string => {
  const value = data[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};

/** A record's cents field, or null. */
export const centsOf = (data: Record<string, unknown>, key: string): number | null => {
  const value = data[key];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
};
