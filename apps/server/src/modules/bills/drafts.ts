import { BILL_MESSAGES, type BillDraftPayload, type BillDraftView } from '@ferry/domain/schemas';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type BillDraftRow, billDrafts } from './tables.js';

type Context = Pick<AppContext, 'database' | 'clock'>;
const ID = /^[0-9a-f]{24}$/;

const draftNotFound = () => new AppError('NOT_FOUND', BILL_MESSAGES.draftNotFound);

const toView = (row: BillDraftRow): BillDraftView => ({
  id: row.id,
  payload: row.payload,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function createDraft(
  context: Context,
  options: { businessId: string; userId: string | null; payload: BillDraftPayload },
): Promise<BillDraftView> {
  const now = context.clock.now();
  const [row] = await context.database.db
    .insert(billDrafts)
    .values({
      id: newId(),
      businessId: options.businessId,
      payload: options.payload,
      createdBy: options.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('draft not inserted');
  return toView(row);
}

export async function updateDraft(
  context: Context,
  options: { businessId: string; draftId: string; payload: BillDraftPayload },
): Promise<BillDraftView> {
  if (!ID.test(options.draftId)) throw draftNotFound();
  const [row] = await context.database.db
    .update(billDrafts)
    .set({ payload: options.payload, updatedAt: context.clock.now() })
    .where(and(eq(billDrafts.id, options.draftId), eq(billDrafts.businessId, options.businessId)))
    .returning();
  if (!row) throw draftNotFound();
  return toView(row);
}

export async function getDraft(
  context: Context,
  options: { businessId: string; draftId: string },
): Promise<BillDraftView> {
  if (!ID.test(options.draftId)) throw draftNotFound();
  const [row] = await context.database.db
    .select()
    .from(billDrafts)
    .where(and(eq(billDrafts.id, options.draftId), eq(billDrafts.businessId, options.businessId)))
    .limit(1);
  if (!row) throw draftNotFound();
  return toView(row);
}

/** The business's drafts, last changed first. */
export async function listDrafts(
  context: Context,
  options: { businessId: string; pageNumber: number; pageSize: number },
) {
  const { db } = context.database;
  const where = eq(billDrafts.businessId, options.businessId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(billDrafts)
      .where(where)
      .orderBy(desc(billDrafts.updatedAt), desc(billDrafts.sequence))
      .limit(options.pageSize)
      .offset((options.pageNumber - 1) * options.pageSize),
    db.select({ total: count() }).from(billDrafts).where(where),
  ]);
  return {
    items: rows.map(toView),
    total: Number(totals[0]?.total ?? 0),
    pageNumber: options.pageNumber,
    pageSize: options.pageSize,
  };
}

export async function deleteDraft(
  context: Context,
  options: { businessId: string; draftId: string },
): Promise<{ id: string }> {
  if (!ID.test(options.draftId)) throw draftNotFound();
  const [row] = await context.database.db
    .delete(billDrafts)
    .where(and(eq(billDrafts.id, options.draftId), eq(billDrafts.businessId, options.businessId)))
    .returning({ id: billDrafts.id });
  if (!row) throw draftNotFound();
  return row;
}
