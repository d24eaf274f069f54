import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx, Tx } from '../../../platform/db/client.js';
import { newId } from '../../../platform/ids.js';
import {
  AccountingError,
  type AccountingHandle,
  type AccountingProvider,
  type AccountingProviderType,
  type PaymentPush,
  type PushKind,
  type PushRecords,
  VOID_REFUSED_PAYMENTS,
} from '../accounting.js';
import { type SandboxBooksRecordRow, sandboxBooksRecords } from '../sandbox-tables.js';
import { LIST_PAGE_SIZE, SANDBOX_BOOKS_MESSAGES } from './common.js';
import type { SandboxGrants } from './grants.js';
import { decodeCursor, encodeCursor, isCalendarDate, num, parseInstant, toRemote } from './records.js';
import type { SandboxStore } from './store.js';

/**
 * The AccountingProvider of a type on Sandbox Books (mode 'sandbox'; every type shares the books): its
 * OAuth from the grants, and the records read and written for the interface (list, create, update).
 */
export function createSandboxProvider(deps: {
  db: Database['db'];
  now: () => Date;
  store: SandboxStore;
  grants: SandboxGrants;
}): (type: AccountingProviderType) => AccountingProvider {
  const { db, now } = deps;
  const { companyRecord } = deps.store;
  const { authorise } = deps.grants;

  // --- pushes ----------------------------------------------------------------------------------------

  const rejected = (message: string) => new AccountingError('REJECTED', message);

  const recordOfKind = async (companyId: string, id: string, kind: string, tx: DbOrTx, lock = false) => {
    const row = await companyRecord(companyId, id, tx, lock);
    return row && row.kind === kind ? row : null;
  };

  /** A bill's or invoice's fields from a push (contact, accounts and items checked). */
  const documentData = async (
    companyId: string,
    kind: 'BILL' | 'INVOICE',
    record: PushRecords['BILL'],
    tx: DbOrTx,
  ) => {
    const contactKind = kind === 'BILL' ? 'VENDOR' : 'CUSTOMER';
    const contact = await recordOfKind(companyId, record.contactRemoteId, contactKind, tx);
    if (!contact) throw rejected(`The ${contactKind.toLowerCase()} ${record.contactRemoteId} was not found.`);
    for (const line of record.lines) {
      if (!Number.isSafeInteger(line.amountCents) || line.amountCents < 0)
        throw rejected('Line amounts are whole cents, not negative.');
      if (line.accountRemoteId && !(await recordOfKind(companyId, line.accountRemoteId, 'ACCOUNT', tx)))
        throw rejected(`The account ${line.accountRemoteId} was not found.`);
      if (line.itemRemoteId && !(await recordOfKind(companyId, line.itemRemoteId, 'ITEM', tx)))
        throw rejected(`The item ${line.itemRemoteId} was not found.`);
    }
    if (!isCalendarDate(record.date) || !isCalendarDate(record.dueDate))
      throw rejected('Dates are YYYY-MM-DD.');
    return {
      contactRemoteId: record.contactRemoteId,
      number: record.number,
      date: record.date,
      dueDate: record.dueDate,
      memo: record.memo,
      totalCents: record.lines.reduce((sum, line) => sum + line.amountCents, 0),
      lines: record.lines.map((line) => ({
        description: line.description,
        amountCents: line.amountCents,
        quantity: null,
        accountRemoteId: line.accountRemoteId,
        itemRemoteId: line.itemRemoteId,
      })),
    };
  };

  /** Inserts a pushed record once per (company, key): the first record's row on a repeat. */
  const insertOnce = async (
    tx: Tx,
    values: { companyId: string; kind: string; data: Record<string, unknown>; key: string; at: Date },
  ) => {
    const [inserted] = await tx
      .insert(sandboxBooksRecords)
      .values({
        id: newId(),
        companyId: values.companyId,
        kind: values.kind,
        data: values.data,
        idempotencyKey: values.key,
        createdAt: values.at,
        updatedAt: values.at,
      })
      .onConflictDoNothing()
      .returning();
    return inserted ?? null;
  };

  const findByKey = async (companyId: string, key: string, tx: DbOrTx) => {
    const [row] = await tx
      .select()
      .from(sandboxBooksRecords)
      .where(and(eq(sandboxBooksRecords.companyId, companyId), eq(sandboxBooksRecords.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  };

  const repeatOf = (row: SandboxBooksRecordRow, kind: string) => {
    if (row.kind !== kind) throw rejected('This idempotency key was used for another kind of record.');
    return { remoteId: row.id, updatedAt: row.updatedAt.toISOString() };
  };

  const createPayment = async (
    tx: Tx,
    companyId: string,
    kind: 'BILL_PAYMENT' | 'INVOICE_PAYMENT',
    payment: PaymentPush,
    key: string,
    at: Date,
  ) => {
    const documentKind = kind === 'BILL_PAYMENT' ? 'BILL' : 'INVOICE';
    // The document is locked first, so two payments of it (or a retried one) see each other's balance.
    const document = await recordOfKind(companyId, payment.documentRemoteId, documentKind, tx, true);
    const existing = await findByKey(companyId, key, tx);
    if (existing) return repeatOf(existing, kind);
    if (!document?.active)
      throw rejected(`The ${documentKind.toLowerCase()} ${payment.documentRemoteId} was not found.`);
    const account = await recordOfKind(companyId, payment.accountRemoteId, 'ACCOUNT', tx);
    if (!account) throw rejected(`The account ${payment.accountRemoteId} was not found.`);
    if (account.data.type !== 'BANK' && account.data.type !== 'CREDIT_CARD')
      throw rejected('Payments go through a bank or credit card account.');
    if (document.data.contactRemoteId !== payment.contactRemoteId)
      throw rejected(`The ${documentKind.toLowerCase()} belongs to another contact.`);
    if (!Number.isSafeInteger(payment.amountCents) || payment.amountCents <= 0)
      throw rejected('The payment amount must be a positive number of cents.');
    if (!isCalendarDate(payment.date)) throw rejected('Dates are YYYY-MM-DD.');
    const data = document.data;
    if (data.status === 'VOID') throw rejected(`The ${documentKind.toLowerCase()} is void.`);
    const balance = num(data.balanceCents) ?? 0;
    if (payment.amountCents > balance) throw rejected(SANDBOX_BOOKS_MESSAGES.aboveBalance);
    const inserted = await insertOnce(tx, {
      companyId,
      kind,
      data: { ...payment },
      key,
      at,
    });
    if (!inserted) {
      const repeat = await findByKey(companyId, key, tx);
      if (!repeat) throw new AccountingError('UNAVAILABLE', 'The payment could not be recorded.');
      return repeatOf(repeat, kind);
    }
    const newBalance = balance - payment.amountCents;
    await tx
      .update(sandboxBooksRecords)
      .set({
        data: { ...data, balanceCents: newBalance, status: newBalance === 0 ? 'PAID' : 'OPEN' },
        updatedAt: at,
        version: sql`${sandboxBooksRecords.version} + 1`,
      })
      .where(eq(sandboxBooksRecords.id, document.id));
    return { remoteId: inserted.id, updatedAt: inserted.updatedAt.toISOString() };
  };

  const makeProvider = (type: AccountingProviderType): AccountingProvider => ({
    type,
    mode: 'sandbox',

    ...deps.grants.oauth(type),

    async list(handle, kind, { cursor, modifiedSince }) {
      const company = await authorise(handle);
      const conditions: SQL[] = [
        eq(sandboxBooksRecords.companyId, company.id),
        eq(sandboxBooksRecords.kind, kind),
      ];
      if (modifiedSince) conditions.push(gt(sandboxBooksRecords.updatedAt, parseInstant(modifiedSince)));
      if (cursor) {
        const after = decodeCursor(cursor);
        conditions.push(
          sql`(${sandboxBooksRecords.updatedAt}, ${sandboxBooksRecords.id}) > (${after.updatedAt.toISOString()}::timestamptz, ${after.id})`,
        );
      }
      const rows = await db
        .select()
        .from(sandboxBooksRecords)
        .where(and(...conditions))
        .orderBy(asc(sandboxBooksRecords.updatedAt), asc(sandboxBooksRecords.id))
        .limit(LIST_PAGE_SIZE + 1);
      const page = rows.slice(0, LIST_PAGE_SIZE);
      const last = page[page.length - 1];
      return {
        records: page.map((row) => toRemote(kind, row, company.currency)),
        next: rows.length > LIST_PAGE_SIZE && last ? encodeCursor(last) : null,
      };
    },

    async create<K extends PushKind>(
      handle: AccountingHandle,
      kind: K,
      record: PushRecords[K],
      idempotencyKey: string,
    ) {
      const company = await authorise(handle);
      const at = now();
      return db.transaction(async (tx) => {
        if (kind === 'BILL_PAYMENT' || kind === 'INVOICE_PAYMENT') {
          return createPayment(tx, company.id, kind, record as PaymentPush, idempotencyKey, at);
        }
        const existing = await findByKey(company.id, idempotencyKey, tx);
        if (existing) return repeatOf(existing, kind);
        let data: Record<string, unknown>;
        if (kind === 'BILL' || kind === 'INVOICE') {
          const fields = await documentData(company.id, kind, record as PushRecords['BILL'], tx);
          data = {
            ...fields,
            balanceCents: fields.totalCents,
            currency: company.currency,
            status: 'OPEN',
          };
        } else {
          const contact = record as PushRecords['VENDOR'];
          data = { name: contact.name, email: contact.email, phone: contact.phone };
        }
        const inserted = await insertOnce(tx, { companyId: company.id, kind, data, key: idempotencyKey, at });
        const row = inserted ?? (await findByKey(company.id, idempotencyKey, tx));
        if (!row) throw new AccountingError('UNAVAILABLE', 'The record could not be created.');
        return repeatOf(row, kind);
      });
    },

    async update<K extends 'VENDOR' | 'CUSTOMER' | 'BILL' | 'INVOICE'>(
      handle: AccountingHandle,
      kind: K,
      remoteId: string,
      record: PushRecords[K],
    ) {
      const company = await authorise(handle);
      const at = now();
      return db.transaction(async (tx) => {
        const row = await recordOfKind(company.id, remoteId, kind, tx, true);
        if (!row) throw new AccountingError('NOT_FOUND', `The record ${remoteId} was not found.`);
        let data: Record<string, unknown>;
        if (kind === 'BILL' || kind === 'INVOICE') {
          if (row.data.status === 'VOID') throw rejected('The document is void.');
          const fields = await documentData(company.id, kind, record as PushRecords['BILL'], tx);
          const paid = (num(row.data.totalCents) ?? 0) - (num(row.data.balanceCents) ?? 0);
          if (fields.totalCents < paid) throw rejected('The total is less than what was already paid.');
          const balanceCents = fields.totalCents - paid;
          data = { ...row.data, ...fields, balanceCents, status: balanceCents === 0 ? 'PAID' : 'OPEN' };
        } else {
          const contact = record as PushRecords['VENDOR'];
          data = { ...row.data, name: contact.name, email: contact.email, phone: contact.phone };
        }
        const [updated] = await tx
          .update(sandboxBooksRecords)
          .set({ data, updatedAt: at, version: sql`${sandboxBooksRecords.version} + 1` })
          .where(eq(sandboxBooksRecords.id, row.id))
          .returning({ updatedAt: sandboxBooksRecords.updatedAt });
        return { updatedAt: (updated?.updatedAt ?? at).toISOString() };
      });
    },

    async voidDocument(handle, kind, remoteId) {
      const company = await authorise(handle);
      const at = now();
      return db.transaction(async (tx) => {
        const row = await recordOfKind(company.id, remoteId, kind, tx, true);
        if (!row) throw new AccountingError('NOT_FOUND', `The record ${remoteId} was not found.`);
        // Already void, or deleted in the books: nothing more to do.
        if (!row.active || row.data.status === 'VOID') return { updatedAt: row.updatedAt.toISOString() };
        if ((num(row.data.balanceCents) ?? 0) < (num(row.data.totalCents) ?? 0))
          throw rejected(VOID_REFUSED_PAYMENTS);
        const [updated] = await tx
          .update(sandboxBooksRecords)
          .set({
            data: { ...row.data, status: 'VOID' },
            updatedAt: at,
            version: sql`${sandboxBooksRecords.version} + 1`,
          })
          .where(eq(sandboxBooksRecords.id, row.id))
          .returning({ updatedAt: sandboxBooksRecords.updatedAt });
        return { updatedAt: (updated?.updatedAt ?? at).toISOString() };
      });
    },
  });

  return makeProvider;
}
