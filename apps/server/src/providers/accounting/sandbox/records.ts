import {
  SANDBOX_BOOKS_EDITABLE_KINDS,
  type SandboxBooksKind,
  type SandboxRecord,
  sandboxAccountDataSchema,
  sandboxContactDataSchema,
  sandboxDocumentDataSchema,
  sandboxItemDataSchema,
} from '@ferry/domain/schemas';
import type { z } from 'zod';
import { AppError, type FieldError } from '../../../platform/http/errors.js';
import { AccountingError, type ImportKind, type ImportRecords, type RemoteDocument } from '../accounting.js';
import type { SandboxBooksRecordRow } from '../sandbox-tables.js';
import { type EditableKind, ID } from './common.js';

// ---------------------------------------------------------------------------------------------------
// Record data: validation (browse page) and the provider interface's shapes
// ---------------------------------------------------------------------------------------------------

export const DATA_SCHEMAS: Record<EditableKind, z.ZodType<Record<string, unknown>>> = {
  VENDOR: sandboxContactDataSchema,
  CUSTOMER: sandboxContactDataSchema,
  ACCOUNT: sandboxAccountDataSchema,
  ITEM: sandboxItemDataSchema,
  BILL: sandboxDocumentDataSchema,
  INVOICE: sandboxDocumentDataSchema,
};

export const isEditable = (kind: string): kind is EditableKind =>
  (SANDBOX_BOOKS_EDITABLE_KINDS as readonly string[]).includes(kind);

export const isCalendarDate = (value: unknown) =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

export const validationError = (errors: FieldError[]) =>
  new AppError('VALIDATION_ERROR', errors[0]?.message ?? 'Invalid request', { errors });

/** The fields of a kind, as the browse page may set them (400 naming `data.<field>` otherwise). */
export function validateData(kind: EditableKind, data: Record<string, unknown>): Record<string, unknown> {
  const parsed = DATA_SCHEMAS[kind].safeParse(data);
  if (!parsed.success) {
    throw validationError(
      parsed.error.issues.map((issue) => ({
        field: ['data', ...issue.path.map(String)].join('.'),
        message: issue.message,
      })),
    );
  }
  const value = parsed.data;
  if (kind === 'BILL' || kind === 'INVOICE') {
    const errors: FieldError[] = [];
    if (!isCalendarDate(value.date)) errors.push({ field: 'data.date', message: 'Dates are YYYY-MM-DD.' });
    if (value.dueDate != null && !isCalendarDate(value.dueDate))
      errors.push({ field: 'data.dueDate', message: 'Dates are YYYY-MM-DD.' });
    if ((value.balanceCents as number) > (value.totalCents as number))
      errors.push({ field: 'data.balanceCents', message: 'The balance cannot be more than the total.' });
    if (errors.length) throw validationError(errors);
  }
  return value;
}

export const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
export const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

export function toDocument(row: SandboxBooksRecordRow, currency: string): Omit<RemoteDocument, keyof Base> {
  const data = row.data;
  const lines = Array.isArray(data.lines) ? (data.lines as Record<string, unknown>[]) : [];
  const status = data.status === 'PAID' || data.status === 'VOID' ? data.status : 'OPEN';
  return {
    contactRemoteId: text(data.contactRemoteId) ?? '',
    number: text(data.number),
    date: text(data.date) ?? '',
    dueDate: text(data.dueDate),
    totalCents: num(data.totalCents) ?? 0,
    balanceCents: num(data.balanceCents) ?? 0,
    currency: text(data.currency) ?? currency,
    memo: text(data.memo),
    status,
    lines: lines.map((line) => ({
      description: text(line.description),
      amountCents: num(line.amountCents) ?? 0,
      quantity: num(line.quantity),
      accountRemoteId: text(line.accountRemoteId),
      itemRemoteId: text(line.itemRemoteId),
    })),
  };
}

export interface Base {
  remoteId: string;
  updatedAt: string;
  active: boolean;
}

export function toRemote<K extends ImportKind>(
  kind: K,
  row: SandboxBooksRecordRow,
  currency: string,
): ImportRecords[K] {
  const base: Base = { remoteId: row.id, updatedAt: row.updatedAt.toISOString(), active: row.active };
  const data = row.data;
  switch (kind) {
    case 'ACCOUNT': {
      const type = text(data.type);
      return {
        ...base,
        name: text(data.name) ?? '',
        number: text(data.number),
        type: type as ImportRecords['ACCOUNT']['type'],
      } as ImportRecords[K];
    }
    case 'ITEM':
      return {
        ...base,
        name: text(data.name) ?? '',
        description: text(data.description),
        unitPriceCents: num(data.unitPriceCents),
        isSold: data.isSold !== false,
        isPurchased: data.isPurchased === true,
      } as ImportRecords[K];
    case 'VENDOR':
    case 'CUSTOMER':
      return {
        ...base,
        name: text(data.name) ?? '',
        email: text(data.email),
        phone: text(data.phone),
      } as ImportRecords[K];
    default:
      return { ...base, ...toDocument(row, currency) } as ImportRecords[K];
  }
}

export const recordView = (row: SandboxBooksRecordRow): SandboxRecord => ({
  id: row.id,
  kind: row.kind as SandboxBooksKind,
  active: row.active,
  updatedAt: row.updatedAt.toISOString(),
  data: row.data,
});

// ---------------------------------------------------------------------------------------------------
// List cursors: (updated_at, id), opaque to the caller
// ---------------------------------------------------------------------------------------------------

export const encodeCursor = (row: SandboxBooksRecordRow) =>
  Buffer.from(`${row.updatedAt.toISOString()}|${row.id}`).toString('base64url');

export function decodeCursor(cursor: string): { updatedAt: Date; id: string } {
  const [instant, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const updatedAt = new Date(instant ?? '');
  if (!id || !ID.test(id) || Number.isNaN(updatedAt.getTime())) {
    throw new AccountingError('REJECTED', 'The page cursor is not valid.');
  }
  return { updatedAt, id };
}

export function parseInstant(value: string): Date {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new AccountingError('REJECTED', 'modifiedSince is not a date.');
  return instant;
}
