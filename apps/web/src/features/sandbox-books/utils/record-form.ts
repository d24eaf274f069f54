import { fromCents, toAmountCents } from '@ferry/domain';
import {
  type SandboxRecord,
  sandboxAccountDataSchema,
  sandboxContactDataSchema,
  sandboxDocumentDataSchema,
  sandboxItemDataSchema,
} from '@ferry/domain/schemas';
import type { z } from 'zod';
import { centsOf, type FormShape, textOf } from './kinds';

/** Every kind's fields in one flat shape (each form shows its own); amounts are typed dollars. */
export type RecordFormValues = {
  name: string;
  email: string;
  phone: string;
  number: string;
  type: string;
  description: string;
  unitPrice: string | number;
  isSold: boolean;
  isPurchased: boolean;
  contactRemoteId: string;
  date: string;
  dueDate: string;
  total: string | number;
  balance: string | number;
  memo: string;
  status: string;
};
export type RecordFormField = keyof RecordFormValues;
export type RecordFormErrors = Partial<Record<RecordFormField, string>>;

const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

const money = (cents: number | null): string => (cents === null ? '' : fromCents(cents));

/** The form's values for a record being edited, or a new one's defaults. */
export const initialFormValues = (record: SandboxRecord | null): RecordFormValues => {
  const data = record?.data ?? {};
  return {
    name: textOf(data, 'name'),
    email: textOf(data, 'email'),
    phone: textOf(data, 'phone'),
    number: textOf(data, 'number'),
    type: textOf(data, 'type'),
    description: textOf(data, 'description'),
    unitPrice: money(centsOf(data, 'unitPriceCents')),
    isSold: typeof data.isSold === 'boolean' ? data.isSold : true,
    isPurchased: typeof data.isPurchased === 'boolean' ? data.isPurchased : false,
    contactRemoteId: textOf(data, 'contactRemoteId'),
    date: textOf(data, 'date') || today(),
    dueDate: textOf(data, 'dueDate'),
    total: money(centsOf(data, 'totalCents')),
    balance: money(centsOf(data, 'balanceCents')),
    memo: textOf(data, 'memo'),
    status: textOf(data, 'status') || 'OPEN',
  };
};

const AMOUNT_INVALID = 'Please enter a valid amount.';
/** The server's words for the same rule. */
const BALANCE_ABOVE_TOTAL = 'The balance cannot be more than the total.';

/** Typed dollars to cents: undefined when blank, NaN when not an amount (the schema then says why). */
const toCentsOrBlank = (value: string | number): number | undefined | typeof Number.NaN => {
  const text = String(value).replace(/[$,\s]/g, '');
  if (text === '') return undefined;
  try {
    return toAmountCents(text);
  } catch {
    return Number.NaN;
  }
};

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** Which form field an issue or a server field error ('data.totalCents', 'name') belongs to. */
const FIELD_OF: Record<string, RecordFormField> = {
  unitPriceCents: 'unitPrice',
  totalCents: 'total',
  balanceCents: 'balance',
};
export const formFieldOf = (path: string): RecordFormField | null => {
  const key = path.replace(/^data\./, '').split('.')[0] ?? '';
  const field = FIELD_OF[key] ?? key;
  return field in initialFormValues(null) ? (field as RecordFormField) : null;
};

const SCHEMAS: Record<FormShape, z.ZodType<Record<string, unknown>>> = {
  contact: sandboxContactDataSchema,
  account: sandboxAccountDataSchema,
  item: sandboxItemDataSchema,
  document: sandboxDocumentDataSchema,
};

const rawData = (shape: FormShape, values: RecordFormValues, original: SandboxRecord | null) => {
  switch (shape) {
    case 'contact':
      return { name: values.name, email: orNull(values.email), phone: orNull(values.phone) };
    case 'account':
      return { name: values.name, number: orNull(values.number), type: values.type || null };
    case 'item':
      return {
        name: values.name,
        description: orNull(values.description),
        unitPriceCents: toCentsOrBlank(values.unitPrice) ?? null,
        isSold: values.isSold,
        isPurchased: values.isPurchased,
      };
    case 'document':
      return {
        contactRemoteId: values.contactRemoteId,
        number: orNull(values.number),
        date: values.date,
        dueDate: values.dueDate || null,
        totalCents: toCentsOrBlank(values.total),
        balanceCents: toCentsOrBlank(values.balance),
        memo: orNull(values.memo),
        status: values.status,
        // The lines are not edited here: an edit keeps the ones the record has.
        lines: Array.isArray(original?.data.lines) ? original.data.lines : [],
      };
  }
};

const MESSAGE_OF: Partial<Record<RecordFormField, string>> = { contactRemoteId: 'Please choose a contact.' };

/**
 * Checks the form with the kind's shared schema (so the browser says what the server would) and gives
 * the record's `data`, or the messages per field.
 */
export const buildRecordData = (
  shape: FormShape,
  values: RecordFormValues,
  original: SandboxRecord | null,
): { data: Record<string, unknown>; errors: null } | { data: null; errors: RecordFormErrors } => {
  const parsed = SCHEMAS[shape].safeParse(rawData(shape, values, original));
  if (parsed.success) {
    const { totalCents, balanceCents } = parsed.data;
    if (typeof totalCents === 'number' && typeof balanceCents === 'number' && balanceCents > totalCents) {
      return { data: null, errors: { balance: BALANCE_ABOVE_TOTAL } };
    }
    return { data: parsed.data, errors: null };
  }
  const errors: RecordFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.map(String).join('.'));
    if (!field || field in errors) continue;
    const isBadAmount = ['unitPrice', 'total', 'balance'].includes(field) && issue.code === 'invalid_type';
    const typed = field === 'unitPrice' || field === 'total' || field === 'balance' ? values[field] : '';
    errors[field] =
      MESSAGE_OF[field] ?? (isBadAmount && String(typed).trim() !== '' ? AMOUNT_INVALID : issue.message);
  }
  return { data: null, errors };
};
