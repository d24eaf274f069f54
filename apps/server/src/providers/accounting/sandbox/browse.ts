import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/errors.js';
import { newId } from '../../../platform/ids.js';
import { buildSampleRecords } from '../sandbox-sample.js';
import { sandboxBooksCompanies, sandboxBooksRecords } from '../sandbox-tables.js';
import { ID, SANDBOX_BOOKS_MESSAGES, type SandboxBooks } from './common.js';
import { isEditable, recordView, text, validateData } from './records.js';
import type { SandboxStore } from './store.js';

/** The browse page's service: a user's companies (with sample records) and their records, read, created, edited and deactivated. */
export function createSandboxBrowse(deps: {
  db: Database['db'];
  now: () => Date;
  store: SandboxStore;
}): Pick<
  SandboxBooks,
  'listCompanies' | 'createCompany' | 'listRecords' | 'createRecord' | 'updateRecord' | 'deactivateRecord'
> {
  const { db, now } = deps;
  const { ownedCompany, companyRecord, companyViews, listOwnedCompanies, assertContact } = deps.store;

  return {
    async listCompanies({ userId }) {
      return companyViews(await listOwnedCompanies(userId));
    },

    async createCompany({ userId, name, sample }) {
      const at = now();
      const id = newId();
      const company = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(sandboxBooksCompanies)
          .values({ id, ownerUserId: userId, name, currency: 'USD', createdAt: at })
          .returning();
        if (sample) {
          const records = buildSampleRecords({ companyId: id, today: at });
          await tx.insert(sandboxBooksRecords).values(
            records.map((record) => ({
              id: record.id,
              companyId: id,
              kind: record.kind,
              data: record.data,
              createdAt: at,
              updatedAt: at,
            })),
          );
        }
        return row;
      });
      if (!company) throw new Error('company not created');
      const [view] = await companyViews([company]);
      if (!view) throw new Error('company not created');
      return view;
    },

    async listRecords({ userId, companyId, kind, search, pageNumber, pageSize }) {
      await ownedCompany(userId, companyId);
      const conditions: SQL[] = [
        eq(sandboxBooksRecords.companyId, companyId),
        eq(sandboxBooksRecords.kind, kind),
      ];
      if (search) {
        const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
        const data = sandboxBooksRecords.data;
        conditions.push(
          sql`concat_ws(' ', ${data}->>'name', ${data}->>'number', ${data}->>'email', ${data}->>'memo', ${data}->>'description') ilike ${pattern}`,
        );
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(sandboxBooksRecords)
          .where(where)
          .orderBy(desc(sandboxBooksRecords.updatedAt), desc(sandboxBooksRecords.id))
          .limit(pageSize)
          .offset((pageNumber - 1) * pageSize),
        db.select({ total: count() }).from(sandboxBooksRecords).where(where),
      ]);
      return { items: rows.map(recordView), total: Number(total?.total ?? 0), pageNumber, pageSize };
    },

    async createRecord({ userId, companyId, kind, data }) {
      const company = await ownedCompany(userId, companyId);
      const fields = validateData(kind, data);
      if (kind === 'BILL' || kind === 'INVOICE') {
        await assertContact(company.id, kind, String(fields.contactRemoteId), db);
        fields.currency = company.currency;
      }
      const at = now();
      const [row] = await db
        .insert(sandboxBooksRecords)
        .values({ id: newId(), companyId: company.id, kind, data: fields, createdAt: at, updatedAt: at })
        .returning();
      if (!row) throw new Error('record not created');
      return recordView(row);
    },

    async updateRecord({ userId, companyId, recordId, data }) {
      const company = await ownedCompany(userId, companyId);
      return db.transaction(async (tx) => {
        const row = await companyRecord(company.id, recordId, tx, true);
        if (!row) throw new AppError('NOT_FOUND', SANDBOX_BOOKS_MESSAGES.recordNotFound);
        if (!isEditable(row.kind))
          throw new AppError('BAD_REQUEST', 'Payments are made through the API only and cannot be edited.');
        const fields = validateData(row.kind, { ...row.data, ...data });
        if (row.kind === 'BILL' || row.kind === 'INVOICE') {
          await assertContact(company.id, row.kind, String(fields.contactRemoteId), tx);
          fields.currency = text(row.data.currency) ?? company.currency;
        }
        const [updated] = await tx
          .update(sandboxBooksRecords)
          .set({ data: fields, updatedAt: now(), version: sql`${sandboxBooksRecords.version} + 1` })
          .where(eq(sandboxBooksRecords.id, row.id))
          .returning();
        if (!updated) throw new AppError('NOT_FOUND', SANDBOX_BOOKS_MESSAGES.recordNotFound);
        return recordView(updated);
      });
    },

    async deactivateRecord({ userId, companyId, recordId }) {
      const company = await ownedCompany(userId, companyId);
      const [updated] = ID.test(recordId)
        ? await db
            .update(sandboxBooksRecords)
            .set({ active: false, updatedAt: now(), version: sql`${sandboxBooksRecords.version} + 1` })
            .where(and(eq(sandboxBooksRecords.companyId, company.id), eq(sandboxBooksRecords.id, recordId)))
            .returning()
        : [];
      if (!updated) throw new AppError('NOT_FOUND', SANDBOX_BOOKS_MESSAGES.recordNotFound);
      return recordView(updated);
    },
  };
}
