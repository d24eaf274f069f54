import { BILL_MESSAGES, type BillDraftPayload, type BillDraftView } from '@ferry/domain/schemas';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type BillDraftRow, billDrafts } from './tables.js';

type Context = Pick<AppContext, 'database' | 'clock'>;
const ID = /^[0-9a-f]{24}$/;

const draftNotFound = () => new AppError('NOT_FOUND', BILL_MESSAGES.draftNotFound);

/**
 * The drafts of one kind of document (bills, invoices): every drafts table has the columns of
 * `bill_drafts` (id, business, payload, author, sequence, timestamps), only its payload differs.
 */
export function draftStore<Payload>(table: typeof billDrafts) {
  type View = Omit<BillDraftView, 'payload'> & { payload: Payload };
  const toView = (row: BillDraftRow): View => ({
    id: row.id,
    payload: row.payload as Payload,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
  const ofBusiness = (options: { businessId: string; draftId: string }) => {
    if (!ID.test(options.draftId)) throw draftNotFound();
    return and(eq(table.id, options.draftId), eq(table.businessId, options.businessId));
  };

  return {
    async create(
      context: Context,
      options: { businessId: string; userId: string | null; payload: Payload },
    ): Promise<View> {
      const now = context.clock.now();
      const [row] = await context.database.db
        .insert(table)
        .values({
          id: newId(),
          businessId: options.businessId,
          payload: options.payload as BillDraftPayload,
          createdBy: options.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('draft not inserted');
      return toView(row);
    },

    async update(
      context: Context,
      options: { businessId: string; draftId: string; payload: Payload },
    ): Promise<View> {
      const [row] = await context.database.db
        .update(table)
        .set({ payload: options.payload as BillDraftPayload, updatedAt: context.clock.now() })
        .where(ofBusiness(options))
        .returning();
      if (!row) throw draftNotFound();
      return toView(row);
    },

    async get(context: Context, options: { businessId: string; draftId: string }): Promise<View> {
      const [row] = await context.database.db.select().from(table).where(ofBusiness(options)).limit(1);
      if (!row) throw draftNotFound();
      return toView(row);
    },

    /** The business's drafts, last changed first. */
    async list(context: Context, options: { businessId: string; pageNumber: number; pageSize: number }) {
      const { db } = context.database;
      const where = eq(table.businessId, options.businessId);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(table)
          .where(where)
          .orderBy(desc(table.updatedAt), desc(table.sequence))
          .limit(options.pageSize)
          .offset((options.pageNumber - 1) * options.pageSize),
        db.select({ total: count() }).from(table).where(where),
      ]);
      return {
        items: rows.map(toView),
        total: Number(totals[0]?.total ?? 0),
        pageNumber: options.pageNumber,
        pageSize: options.pageSize,
      };
    },

    async delete(
      context: Context,
      options: { businessId: string; draftId: string },
    ): Promise<{ id: string }> {
      const [row] = await context.database.db
        .delete(table)
        .where(ofBusiness(options))
        .returning({ id: table.id });
      if (!row) throw draftNotFound();
      return row;
    },
  };
}

export const billDraftStore = draftStore<BillDraftPayload>(billDrafts);

export const createDraft = billDraftStore.create;
export const updateDraft = billDraftStore.update;
export const getDraft = billDraftStore.get;
export const listDrafts = billDraftStore.list;
export const deleteDraft = billDraftStore.delete;
