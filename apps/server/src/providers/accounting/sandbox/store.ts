import type { SandboxCompany } from '@ferry/domain/schemas';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/errors.js';
import {
  type SandboxBooksCompanyRow,
  sandboxBooksCompanies,
  sandboxBooksRecords,
} from '../sandbox-tables.js';
import { ID, SANDBOX_BOOKS_MESSAGES } from './common.js';
import { validationError } from './records.js';

export type SandboxStore = ReturnType<typeof createSandboxStore>;

/** The companies and records a user owns in Sandbox Books: look-ups shared by the provider, the grants and the browse page. */
export function createSandboxStore(db: Database['db']) {
  const ownedCompany = async (userId: string, companyId: string, tx: DbOrTx = db) => {
    if (!ID.test(companyId)) throw new AppError('NOT_FOUND', SANDBOX_BOOKS_MESSAGES.companyNotFound);
    const [company] = await tx
      .select()
      .from(sandboxBooksCompanies)
      .where(and(eq(sandboxBooksCompanies.id, companyId), eq(sandboxBooksCompanies.ownerUserId, userId)))
      .limit(1);
    if (!company) throw new AppError('NOT_FOUND', SANDBOX_BOOKS_MESSAGES.companyNotFound);
    return company;
  };

  const companyRecord = async (companyId: string, recordId: string, tx: DbOrTx = db, lock = false) => {
    if (!ID.test(recordId)) return null;
    const query = tx
      .select()
      .from(sandboxBooksRecords)
      .where(and(eq(sandboxBooksRecords.companyId, companyId), eq(sandboxBooksRecords.id, recordId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  };

  const companyViews = async (companies: SandboxBooksCompanyRow[]): Promise<SandboxCompany[]> => {
    if (companies.length === 0) return [];
    const counts = await db
      .select({ companyId: sandboxBooksRecords.companyId, kind: sandboxBooksRecords.kind, total: count() })
      .from(sandboxBooksRecords)
      .where(
        and(
          inArray(
            sandboxBooksRecords.companyId,
            companies.map((company) => company.id),
          ),
          eq(sandboxBooksRecords.active, true),
        ),
      )
      .groupBy(sandboxBooksRecords.companyId, sandboxBooksRecords.kind);
    return companies.map((company) => ({
      id: company.id,
      name: company.name,
      currency: company.currency,
      createdAt: company.createdAt.toISOString(),
      counts: Object.fromEntries(
        counts.filter((row) => row.companyId === company.id).map((row) => [row.kind, Number(row.total)]),
      ),
    }));
  };

  const listOwnedCompanies = (userId: string) =>
    db
      .select()
      .from(sandboxBooksCompanies)
      .where(eq(sandboxBooksCompanies.ownerUserId, userId))
      .orderBy(asc(sandboxBooksCompanies.createdAt), asc(sandboxBooksCompanies.id));

  /** The browse page's checks that a document's contact is in the books. */
  const assertContact = async (
    companyId: string,
    kind: 'BILL' | 'INVOICE',
    contactId: string,
    tx: DbOrTx,
  ) => {
    const contact = await companyRecord(companyId, contactId, tx);
    if (!contact || contact.kind !== (kind === 'BILL' ? 'VENDOR' : 'CUSTOMER')) {
      const message = kind === 'BILL' ? 'The vendor was not found.' : 'The customer was not found.';
      throw validationError([{ field: 'data.contactRemoteId', message }]);
    }
  };

  return { ownedCompany, companyRecord, companyViews, listOwnedCompanies, assertContact };
}
