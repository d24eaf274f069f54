import { fromDayNumber, toDayNumber } from '@ferry/domain/dates';
import { centsToAmount } from '@ferry/domain/money';
import { newYorkDate } from '@ferry/domain/payments';
import {
  type AccountingBillsQuery,
  BILL_MESSAGES,
  type BillAttachmentView,
  type BillLineView,
  type BillListItem,
  type BillsDueSummary,
  type BillTotals,
  type BillView,
  type DiscountType,
  type DueBillsQuery,
  type ParsedBillRequest,
  quantityFromE4,
} from '@ferry/domain/schemas';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { getChartAccount } from '../accounting/service.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { findContactOrThrow, violatedUniqueIndex } from '../contacts/access.js';
import { containsPattern } from '../contacts/service.js';
import { contacts } from '../contacts/tables.js';
import { ensureDefaultItems, getItem } from './items.js';
import { countOpenBills, type DueDateRange, dueDateConditions, openBillBuckets } from './rollups.js';
import { recomputeBillStatus } from './status.js';
import {
  type BillAttachmentRow,
  type BillLineItemRow,
  type BillRow,
  billAttachments,
  billDrafts,
  billLineItems,
  bills,
} from './tables.js';

type Context = Pick<AppContext, 'database' | 'clock'>;

export const BILL_ENTITY_TYPE = 'bills';
const ID = /^[0-9a-f]{24}$/;

export const billNotFound = () => new AppError('NOT_FOUND', BILL_MESSAGES.billNotFound);

const unprocessable = (field: string, message: string) =>
  new AppError('UNPROCESSABLE', message, { errors: [{ field, message }] });

/** The business's date now: bills are due by New York business dates (the rails' time zone). */
export const businessToday = (context: Pick<AppContext, 'clock'>): string => newYorkDate(context.clock.now());

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

/** The contact of a bill (vendor) or an invoice (customer) as lists show it. */
export interface ContactRef {
  id: string;
  name: string;
  email: string;
}
type VendorRef = ContactRef;

const billsBase = (businessId: string) => `/api/business/${businessId}`;

/**
 * An attachment of a bill or an invoice as the API shows it, without its document id; `documentPath`
 * ('bills/{billId}', 'invoices/{invoiceId}') once it belongs to a document, else null (no address yet).
 */
export const attachmentFields = (
  row: Omit<BillAttachmentRow, 'billId'>,
  documentPath: string | null,
): Omit<BillAttachmentView, 'billId'> => ({
  id: row.id,
  fileName: row.fileName,
  mimeType: row.contentType,
  size: row.size,
  url: documentPath ? `${billsBase(row.businessId)}/${documentPath}/attachments/${row.id}` : null,
  createdAt: row.createdAt.toISOString(),
});

export const attachmentView = (row: BillAttachmentRow): BillAttachmentView => ({
  billId: row.billId,
  ...attachmentFields(row, row.billId ? `bills/${row.billId}` : null),
});

export const toListItem = (row: BillRow, vendor: VendorRef): BillListItem => ({
  id: row.id,
  refNo: row.refNo,
  vendorName: vendor.name,
  contact: vendor,
  billDate: row.billDate,
  dueDate: row.dueDate,
  paymentTerm: row.paymentTerm,
  amount: centsToAmount(row.amountCents),
  balance: centsToAmount(row.balanceCents),
  scheduledAmount: centsToAmount(row.scheduledCents),
  unScheduledBalance: centsToAmount(row.balanceCents - row.scheduledCents),
  status: row.status,
  source: row.source,
  createdAt: row.createdAt.toISOString(),
});

/** A stored line of a bill or an invoice as the API shows it. */
export const lineView = (line: Omit<BillLineItemRow, 'billId'>): BillLineView => ({
  id: line.id,
  itemId: line.itemId,
  chartAccountId: line.chartAccountId,
  name: line.itemName ?? line.coaName ?? '',
  itemName: line.itemName,
  coaName: line.coaName,
  description: line.description,
  quantity: quantityFromE4(line.quantityE4),
  unitPrice: centsToAmount(line.unitPriceCents),
  amount: centsToAmount(line.amountCents),
});

/** The money of a bill or an invoice beyond amount and balance: subtotal, discount, tax, memo. */
export const documentMoneyView = (
  row: Pick<
    BillRow,
    'subtotalCents' | 'discountType' | 'discountValue' | 'discountCents' | 'taxCents' | 'memo'
  >,
) => ({
  subtotal: centsToAmount(row.subtotalCents),
  discount:
    row.discountType && row.discountValue !== null
      ? {
          type: row.discountType,
          value: centsToAmount(row.discountValue),
          amount: centsToAmount(row.discountCents),
        }
      : null,
  taxAmount: centsToAmount(row.taxCents),
  memo: row.memo,
});

const toView = (
  row: BillRow,
  vendor: VendorRef,
  lines: BillLineItemRow[],
  attachments: BillAttachmentRow[],
): BillView => ({
  ...toListItem(row, vendor),
  lines: lines.map(lineView),
  ...documentMoneyView(row),
  attachments: attachments.map(attachmentView),
  pdfUrl: `${billsBase(row.businessId)}/download-bill-pdf/${row.id}`,
  updatedAt: row.updatedAt.toISOString(),
});

/** The columns of a ContactRef. */
export const contactRefColumns = { id: contacts.id, name: contacts.name, email: contacts.email };
const vendorColumns = contactRefColumns;

/** Full views of bills (lines and attachments loaded in two queries), in the order of `rows`. */
async function toViews(db: DbOrTx, rows: { bill: BillRow; vendor: VendorRef }[]): Promise<BillView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.bill.id);
  const [lines, attachments] = await Promise.all([
    db
      .select()
      .from(billLineItems)
      .where(inArray(billLineItems.billId, ids))
      .orderBy(asc(billLineItems.position)),
    db
      .select()
      .from(billAttachments)
      .where(inArray(billAttachments.billId, ids))
      .orderBy(asc(billAttachments.createdAt), asc(billAttachments.sequence)),
  ]);
  return rows.map(({ bill, vendor }) =>
    toView(
      bill,
      vendor,
      lines.filter((l) => l.billId === bill.id),
      attachments.filter((a) => a.billId === bill.id),
    ),
  );
}

/** A bill of the business with its vendor, or 404 (a bill of another business is as unknown as none). */
export async function findBillOrThrow(
  db: DbOrTx,
  options: { businessId: string; billId: string; forUpdate?: boolean },
): Promise<{ bill: BillRow; vendor: VendorRef }> {
  if (!ID.test(options.billId)) throw billNotFound();
  const query = db
    .select({ bill: bills, vendor: vendorColumns })
    .from(bills)
    .innerJoin(contacts, eq(contacts.id, bills.vendorId))
    .where(and(eq(bills.id, options.billId), eq(bills.businessId, options.businessId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: bills }) : await query;
  if (!row) throw billNotFound();
  return row;
}

export async function getBill(
  context: Context,
  options: { businessId: string; billId: string },
): Promise<BillView> {
  const { db } = context.database;
  const [view] = await toViews(db, [await findBillOrThrow(db, options)]);
  if (!view) throw billNotFound();
  return view;
}

/** GET bills/multiple: the business's bills among the ids, in the order asked (unknown ids left out). */
export async function getBills(
  context: Context,
  options: { businessId: string; billIds: string[] },
): Promise<BillView[]> {
  const ids = options.billIds.filter((id) => ID.test(id));
  if (ids.length === 0) return [];
  const { db } = context.database;
  const rows = await db
    .select({ bill: bills, vendor: vendorColumns })
    .from(bills)
    .innerJoin(contacts, eq(contacts.id, bills.vendorId))
    .where(and(eq(bills.businessId, options.businessId), inArray(bills.id, ids)));
  const byId = new Map(rows.map((r) => [r.bill.id, r]));
  return toViews(
    db,
    ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Create and edit
// ---------------------------------------------------------------------------------------------

export interface ResolvedLine {
  itemId: string | null;
  chartAccountId: string | null;
  itemName: string | null;
  coaName: string | null;
}

/** Which chart accounts a kind of document may book its lines to, and the message otherwise. */
export interface LineAccounts {
  types: readonly string[];
  wrongTypeMessage: string;
}

const BILL_LINE_ACCOUNTS: LineAccounts = {
  types: ['EXPENSE', 'COST_OF_GOODS_SOLD'],
  wrongTypeMessage: BILL_MESSAGES.accountNotExpense,
};

/** Each line's item or account, checked against the business and the kind (422 naming the line). */
export async function resolveLines(
  tx: DbOrTx,
  businessId: string,
  request: Pick<ParsedBillRequest, 'lines'>,
  accounts: LineAccounts = BILL_LINE_ACCOUNTS,
): Promise<ResolvedLine[]> {
  const resolved: ResolvedLine[] = [];
  for (const [index, line] of request.lines.entries()) {
    if (line.itemId) {
      const found = await getItem(tx, businessId, line.itemId);
      if (!found) throw unprocessable(`lines.${index}.itemId`, BILL_MESSAGES.itemNotFound);
      resolved.push({
        itemId: found.item.id,
        chartAccountId: null,
        itemName: found.item.name,
        coaName: null,
      });
    } else {
      const account = await getChartAccount(tx, businessId, line.chartAccountId ?? '');
      if (!account) throw unprocessable(`lines.${index}.chartAccountId`, BILL_MESSAGES.accountNotFound);
      if (!accounts.types.includes(account.accountType)) {
        throw unprocessable(`lines.${index}.chartAccountId`, accounts.wrongTypeMessage);
      }
      resolved.push({ itemId: null, chartAccountId: account.id, itemName: null, coaName: account.name });
    }
  }
  return resolved;
}

/**
 * The attachments table of a kind of document (its columns those of `bill_attachments`, the document
 * column named after the document): see bills/attachments.ts.
 */
export interface AttachmentColumns {
  table: typeof billAttachments;
  documentColumn: PgColumn;
  documentKey: string;
}

const BILL_ATTACHMENTS: AttachmentColumns = {
  table: billAttachments,
  documentColumn: billAttachments.billId,
  documentKey: 'billId',
};

/** The attachments named by the request: the business's, not on another document; locked. */
export async function claimAttachments(
  tx: DbOrTx,
  options: { businessId: string; documentId: string; attachmentIds: string[] },
  kind: AttachmentColumns = BILL_ATTACHMENTS,
): Promise<void> {
  const ids = [...new Set(options.attachmentIds)];
  if (ids.length === 0) return;
  const { table } = kind;
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.businessId, options.businessId),
        inArray(table.id, ids),
        or(isNull(kind.documentColumn), eq(kind.documentColumn, options.documentId)),
      ),
    )
    .for('update');
  if (rows.length !== ids.length) throw unprocessable('attachmentIds', BILL_MESSAGES.attachmentNotFound);
  await tx
    .update(table)
    .set({ [kind.documentKey]: options.documentId } as Partial<typeof table.$inferInsert>)
    .where(inArray(table.id, ids));
}

/**
 * An edit's attachments: those of the document left out of `attachmentIds` are deleted (their file keys
 * returned, to remove once the transaction is committed), the named ones claimed.
 */
export async function replaceAttachments(
  tx: DbOrTx,
  options: { businessId: string; documentId: string; attachmentIds: string[] },
  kind: AttachmentColumns = BILL_ATTACHMENTS,
): Promise<string[]> {
  const keep = new Set(options.attachmentIds);
  const current = await tx
    .select({ id: kind.table.id, fileKey: kind.table.fileKey })
    .from(kind.table)
    .where(eq(kind.documentColumn, options.documentId));
  const removed = current.filter((a) => !keep.has(a.id));
  if (removed.length > 0) {
    await tx.delete(kind.table).where(
      inArray(
        kind.table.id,
        removed.map((a) => a.id),
      ),
    );
  }
  await claimAttachments(tx, options, kind);
  return removed.map((a) => a.fileKey);
}

/** The line rows of a request (without the document column), numbered from 0. */
export const lineValues = (request: Pick<ParsedBillRequest, 'lines' | 'totals'>, resolved: ResolvedLine[]) =>
  request.lines.map((line, index) => ({
    id: newId(),
    position: index,
    ...(resolved[index] as ResolvedLine),
    description: line.description?.trim() ? line.description.trim() : null,
    quantityE4: line.quantity,
    unitPriceCents: line.unitPrice,
    amountCents: request.totals.lineAmountsCents[index] ?? 0,
  }));

const lineRows = (billId: string, request: ParsedBillRequest, resolved: ResolvedLine[]) =>
  lineValues(request, resolved).map((line) => ({ ...line, billId }));

/** The money columns of a bill or an invoice from its request. */
export const moneyColumns = (request: {
  totals: BillTotals;
  discount?: { type: DiscountType; value: number } | null | undefined;
}) => ({
  subtotalCents: request.totals.subtotalCents,
  discountType: request.discount?.type ?? null,
  discountValue: request.discount?.value ?? null,
  discountCents: request.totals.discountCents,
  taxCents: request.totals.taxCents,
  amountCents: request.totals.amountCents,
});

/** A unique-index failure on the bill number becomes the spec's 409; anything else is rethrown. */
function rethrowReferenceConflict(error: unknown): never {
  if (violatedUniqueIndex(error) === 'bills_vendor_ref_unique') {
    throw new AppError('CONFLICT', BILL_MESSAGES.referenceTaken, {
      errors: [{ field: 'refNo', message: BILL_MESSAGES.referenceTaken }],
    });
  }
  throw error;
}

/** The id of the vendor's bill with this reference (any case), or null. */
export async function findBillByReference(
  tx: DbOrTx,
  options: { businessId: string; vendorId: string; refNo: string },
): Promise<string | null> {
  const [row] = await tx
    .select({ id: bills.id })
    .from(bills)
    .where(
      and(
        eq(bills.businessId, options.businessId),
        eq(bills.vendorId, options.vendorId),
        sql`lower(${bills.refNo}) = ${options.refNo.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

async function assertReferenceFree(
  tx: DbOrTx,
  options: { businessId: string; vendorId: string; refNo: string; exceptId?: string },
): Promise<void> {
  const id = await findBillByReference(tx, options);
  if (id && id !== options.exceptId)
    rethrowReferenceConflict({ code: '23505', constraint: 'bills_vendor_ref_unique' });
}

/** POST bills: totals from the server, vendor and lines checked, attachments claimed, draft removed. */
export async function createBill(
  context: Context,
  options: { businessId: string; actor: Actor; request: ParsedBillRequest },
): Promise<BillView> {
  const { db } = context.database;
  const { businessId, request } = options;
  await ensureDefaultItems(db, context, businessId);
  const now = context.clock.now();
  const id = newId();
  try {
    await db.transaction(async (tx) => {
      await findContactOrThrow(tx, { businessId, contactId: request.vendorId, type: 'VENDOR' });
      await assertReferenceFree(tx, { businessId, vendorId: request.vendorId, refNo: request.refNo });
      const resolved = await resolveLines(tx, businessId, request);
      await tx.insert(bills).values({
        id,
        businessId,
        vendorId: request.vendorId,
        refNo: request.refNo,
        billDate: request.billDate,
        dueDate: request.dueDate,
        paymentTerm: request.paymentTerm,
        ...moneyColumns(request),
        balanceCents: request.totals.amountCents,
        scheduledCents: 0,
        status: 'unpaid',
        memo: request.memo,
        createdBy: options.actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(billLineItems).values(lineRows(id, request, resolved));
      await claimAttachments(tx, { businessId, documentId: id, attachmentIds: request.attachmentIds });
      if (request.draftId) {
        await tx
          .delete(billDrafts)
          .where(and(eq(billDrafts.id, request.draftId), eq(billDrafts.businessId, businessId)));
      }
      await recordActivity(tx, {
        businessId,
        entityType: BILL_ENTITY_TYPE,
        entityId: id,
        subject: 'PayDueBill',
        action: 'BILL_CREATED',
        label: 'Bill created',
        actor: options.actor,
        remarks: request.refNo,
        data: { amountCents: request.totals.amountCents, vendorId: request.vendorId },
        at: now,
      });
    });
  } catch (error) {
    rethrowReferenceConflict(error);
  }
  return getBill(context, { businessId, billId: id });
}

/**
 * PATCH bills/{billId}: the whole bill again. Only a bill nothing has been paid or scheduled on can
 * change (409 otherwise); attachments left out of `attachmentIds` are removed.
 */
export async function updateBill(
  context: Context & Pick<AppContext, 'providers'>,
  options: { businessId: string; billId: string; actor: Actor; request: ParsedBillRequest },
): Promise<BillView> {
  const { db } = context.database;
  const { businessId, request } = options;
  await ensureDefaultItems(db, context, businessId);
  const now = context.clock.now();
  let removedKeys: string[] = [];
  try {
    await db.transaction(async (tx: Tx) => {
      const { bill } = await findBillOrThrow(tx, { businessId, billId: options.billId, forUpdate: true });
      if (bill.status === 'cancelled' || bill.scheduledCents > 0 || bill.balanceCents !== bill.amountCents) {
        throw new AppError('CONFLICT', BILL_MESSAGES.notEditable);
      }
      await findContactOrThrow(tx, { businessId, contactId: request.vendorId, type: 'VENDOR' });
      await assertReferenceFree(tx, {
        businessId,
        vendorId: request.vendorId,
        refNo: request.refNo,
        exceptId: bill.id,
      });
      const resolved = await resolveLines(tx, businessId, request);
      const next = {
        ...bill,
        ...moneyColumns(request),
        balanceCents: request.totals.amountCents,
      };
      await tx
        .update(bills)
        .set({
          vendorId: request.vendorId,
          refNo: request.refNo,
          billDate: request.billDate,
          dueDate: request.dueDate,
          paymentTerm: request.paymentTerm,
          ...moneyColumns(request),
          balanceCents: request.totals.amountCents,
          status: recomputeBillStatus(next),
          memo: request.memo,
          updatedAt: now,
        })
        .where(eq(bills.id, bill.id));
      await tx.delete(billLineItems).where(eq(billLineItems.billId, bill.id));
      await tx.insert(billLineItems).values(lineRows(bill.id, request, resolved));
      removedKeys = await replaceAttachments(tx, {
        businessId,
        documentId: bill.id,
        attachmentIds: request.attachmentIds,
      });
      if (request.draftId) {
        await tx
          .delete(billDrafts)
          .where(and(eq(billDrafts.id, request.draftId), eq(billDrafts.businessId, businessId)));
      }
      await recordActivity(tx, {
        businessId,
        entityType: BILL_ENTITY_TYPE,
        entityId: bill.id,
        subject: 'PayDueBill',
        action: 'BILL_EDITED',
        label: 'Bill edited',
        actor: options.actor,
        remarks: request.refNo,
        data: { amountCents: request.totals.amountCents, previousAmountCents: bill.amountCents },
        at: now,
      });
    });
  } catch (error) {
    rethrowReferenceConflict(error);
  }
  for (const key of removedKeys) await context.providers.files.delete(key).catch(() => undefined);
  return getBill(context, { businessId, billId: options.billId });
}

// ---------------------------------------------------------------------------------------------
// Reference numbers
// ---------------------------------------------------------------------------------------------

/**
 * One past the highest {prefix}-n of the business, at least 4 digits ('BILL-0042', 'INV-0007'). The
 * number part is read with the same expression as the table's ref-number index
 * (bills_business_ref_number_idx, invoices_business_ref_number_idx), so the max comes from its end.
 */
export async function nextNumberedReference(
  db: DbOrTx,
  options: { table: PgTable; refNo: PgColumn; businessColumn: PgColumn; businessId: string; prefix: string },
): Promise<{ refNo: string }> {
  const refNumber = sql`((substring(${options.refNo} from ${sql.raw(`'^${options.prefix}-([0-9]{1,15})$'`)}))::bigint)`;
  const [row] = await db
    .select({ last: sql<string | null>`max(${refNumber})` })
    .from(options.table)
    .where(eq(options.businessColumn, options.businessId));
  const next = BigInt(row?.last ?? 0) + 1n;
  const refNo = `${options.prefix}-${next.toString().padStart(4, '0')}`;
  return { refNo: refNo.length <= 21 ? refNo : `${options.prefix}-${Date.now()}` };
}

/** GET bills/next-reference-number: one past the highest BILL-n of the business, at least 4 digits. */
export const nextReferenceNumber = (context: Context, businessId: string): Promise<{ refNo: string }> =>
  nextNumberedReference(context.database.db, {
    table: bills,
    refNo: bills.refNo,
    businessColumn: bills.businessId,
    businessId,
    prefix: 'BILL',
  });

// ---------------------------------------------------------------------------------------------
// Lists and summaries
// ---------------------------------------------------------------------------------------------

/** Open bills: something left to pay and not cancelled (the predicate of the partial indexes). */
const openBill = sql`${bills.balanceCents} > 0 and ${bills.status} <> 'cancelled'`;

const plusDays = (date: string, days: number) => fromDayNumber(toDayNumber(date) + days);

/** The 'Due in 7 days' window is today through today + 7; overdue is strictly before today. */
export const dueWindows = (today: string) => ({
  dueIn7: { from: today, to: plusDays(today, 7) },
  next3: { from: today, to: plusDays(today, 3) },
  overdueBefore: today,
});

/**
 * With a search term the due-bills `total` counts at most this many matches (a term like "a" matches
 * most bills, and counting them all would read most of the table): past it the answer says
 * SEARCH_TOTAL_CAP and the pager stops there ("1,000+ bills: narrow the search"). What a search reads
 * is bounded by it, whatever the number of bills. Without a search term the total is exact.
 */
export const SEARCH_TOTAL_CAP = 1000;

/** The bill columns a sort reads: the table's, or those of a subquery of bills. */
interface SortColumns {
  billDate: SQLWrapper;
  dueDate: SQLWrapper;
  amountCents: SQLWrapper;
  balanceCents: SQLWrapper;
  refNo: SQLWrapper;
  sequence: SQLWrapper;
}

/** The list order: the key, then (vendor and due-date sorts) bill date, then creation. */
function sortOf(
  sortBy: DueBillsQuery['sortBy'],
  sortOrder: 'asc' | 'desc',
  from: SortColumns = bills,
): SQL[] {
  const direction = sortOrder === 'asc' ? asc : desc;
  if (sortBy === 'vendorName') {
    return [direction(sql`lower(${contacts.name})`), direction(from.billDate), direction(from.sequence)];
  }
  // Bills due the same day by bill date (the order of bills_open_due_idx).
  if (sortBy === 'dueDate')
    return [direction(from.dueDate), direction(from.billDate), direction(from.sequence)];
  const key =
    sortBy === 'amount'
      ? from.amountCents
      : sortBy === 'balance'
        ? from.balanceCents
        : sortBy === 'refNo'
          ? sql`lower(${from.refNo})`
          : from.billDate;
  return [direction(key), direction(from.sequence)];
}

interface PageOptions {
  businessId: string;
  where: SQL | undefined;
  sortBy: DueBillsQuery['sortBy'];
  sortOrder: 'asc' | 'desc';
  pageNumber: number;
  pageSize: number;
}

/** One page of bills with their vendors. */
async function pageRows(db: DbOrTx, options: PageOptions): Promise<BillListItem[]> {
  if (options.sortBy === 'vendorName') return vendorSortedRows(db, options);
  const rows = await db
    .select({ bill: bills, vendor: vendorColumns })
    .from(bills)
    .innerJoin(contacts, eq(contacts.id, bills.vendorId))
    .where(options.where)
    .orderBy(...sortOf(options.sortBy, options.sortOrder))
    .limit(options.pageSize)
    .offset((options.pageNumber - 1) * options.pageSize);
  return rows.map((r) => toListItem(r.bill, r.vendor));
}

/**
 * The vendor-name sort without sorting every bill: the business's contacts in name order, and for each
 * (lateral) at most a page's worth of its bills from the open-bills-by-vendor index, in bill-date order;
 * the outer sort only finishes the ties of one name, and stops at the page. Then the page's bills are
 * read by id.
 */
async function vendorSortedRows(db: DbOrTx, options: PageOptions): Promise<BillListItem[]> {
  const direction = options.sortOrder === 'asc' ? asc : desc;
  const offset = (options.pageNumber - 1) * options.pageSize;
  // Ordered, and kept a subquery (offset 0), so the join below comes out in name order and the outer
  // sort only has to order the bills of one name at a time.
  const vendors = db
    .select({ id: contacts.id, key: sql<string>`lower(${contacts.name})`.as('key') })
    .from(contacts)
    .where(eq(contacts.businessId, options.businessId))
    .orderBy(direction(sql`lower(${contacts.name})`))
    .offset(0)
    .as('v');
  const perVendor = db
    .select({ id: bills.id, billDate: bills.billDate, sequence: bills.sequence })
    .from(bills)
    .where(and(options.where, sql`${bills.vendorId} = ${vendors.id}`))
    .orderBy(direction(bills.billDate), direction(bills.sequence))
    .limit(offset + options.pageSize)
    .as('b');
  const page = await db
    .select({ id: perVendor.id })
    .from(vendors)
    .innerJoinLateral(perVendor, sql`true`)
    .orderBy(direction(vendors.key), direction(perVendor.billDate), direction(perVendor.sequence))
    .limit(options.pageSize)
    .offset(offset);
  if (page.length === 0) return [];
  const rows = await db
    .select({ bill: bills, vendor: vendorColumns })
    .from(bills)
    .innerJoin(contacts, eq(contacts.id, bills.vendorId))
    .where(
      inArray(
        bills.id,
        page.map((r) => r.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.bill.id, r]));
  return page.flatMap(({ id }) => {
    const row = byId.get(id);
    return row ? [toListItem(row.bill, row.vendor)] : [];
  });
}

/** Bills matching `where`; with a cap, counted only up to `cap` + 1. */
async function countBills(db: DbOrTx, where: SQL | undefined, cap?: number): Promise<number> {
  if (cap === undefined) {
    const [row] = await db.select({ total: count() }).from(bills).where(where);
    return Number(row?.total ?? 0);
  }
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(bills)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ total: count() }).from(matches);
  return Number(row?.total ?? 0);
}

async function page(
  db: DbOrTx,
  options: PageOptions,
): Promise<{ items: BillListItem[]; total: number; pageNumber: number; pageSize: number }> {
  const [items, total] = await Promise.all([pageRows(db, options), countBills(db, options.where)]);
  return { items, total, pageNumber: options.pageNumber, pageSize: options.pageSize };
}

/** Past this many vendors matching a search, the vendor ids stay in the database (an array subquery). */
const SEARCH_VENDOR_IDS_MAX = 1000;

/**
 * Bill number or vendor name contains the term (case-insensitive). The vendor side is the ids of the
 * business's own contacts whose name matches (a bill's vendor is always one of them), read first and
 * sent as an array: both sides are then index conditions on bills (the trigram index on ref_no, a vendor
 * index), and the planner knows how many vendors matched (a rare term reads its few bills; a common one
 * walks the list's order and stops at the page).
 */
async function searchCondition(
  db: DbOrTx,
  businessId: string,
  searchTerm: string | undefined,
): Promise<SQL | undefined> {
  if (!searchTerm) return undefined;
  const pattern = containsPattern(searchTerm);
  const named = and(eq(contacts.businessId, businessId), ilike(contacts.name, pattern));
  const vendors = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(named)
    .limit(SEARCH_VENDOR_IDS_MAX + 1);
  const byRef = ilike(bills.refNo, pattern);
  if (vendors.length === 0) return byRef;
  const byVendor =
    vendors.length > SEARCH_VENDOR_IDS_MAX
      ? sql`${bills.vendorId} = any(array(select ${contacts.id} from ${contacts} where ${named}))`
      : inArray(
          bills.vendorId,
          vendors.map((v) => v.id),
        );
  return or(byRef, byVendor);
}

/** A due-date range, both ends inclusive (either may be open); `empty` when the filters exclude each other. */
export interface DueRange extends DueDateRange {
  empty: boolean;
}

/** The due-date range of the summary card filter and the due window, together (their intersection). */
export function dueRangeOf(
  query: { summaryType?: DueBillsQuery['billSummaryType']; dateRange?: DueBillsQuery['dateRange'] },
  today: string,
): DueRange {
  const windows = dueWindows(today);
  const ranges: { from?: string; to?: string }[] = [];
  const overdue = { to: plusDays(windows.overdueBefore, -1) };
  if (query.summaryType === 'DUE_IN_7_DAYS') ranges.push(windows.dueIn7);
  if (query.summaryType === 'OVERDUE') ranges.push(overdue);
  if (query.dateRange === 'DUE_TODAY') ranges.push({ from: today, to: today });
  if (query.dateRange === 'NEXT_3_DAYS') ranges.push(windows.next3);
  if (query.dateRange === 'NEXT_7_DAYS') ranges.push(windows.dueIn7);
  if (query.dateRange === 'OVERDUE') ranges.push(overdue);
  const range: DueRange = { empty: false };
  for (const r of ranges) {
    if (r.from !== undefined && (range.from === undefined || r.from > range.from)) range.from = r.from;
    if (r.to !== undefined && (range.to === undefined || r.to < range.to)) range.to = r.to;
  }
  range.empty = range.from !== undefined && range.to !== undefined && range.from > range.to;
  return range;
}

/**
 * GET due-bills: open bills, filtered by vendor, summary card, due-date range, status and search.
 * The total comes from the rollup of open bills when the filters are due dates and statuses only; a
 * vendor filter counts that vendor's open bills (an index of open bills by vendor); a search counts
 * matches up to SEARCH_TOTAL_CAP.
 */
export async function listDueBills(context: Context, options: { businessId: string; query: DueBillsQuery }) {
  const { query, businessId } = options;
  const { db } = context.database;
  const range = dueRangeOf(
    { summaryType: query.billSummaryType, dateRange: query.dateRange },
    businessToday(context),
  );
  const paging = { pageNumber: query.pageNumber, pageSize: query.pageSize };
  if (range.empty) return { items: [], total: 0, ...paging };
  const search = await searchCondition(db, businessId, query.searchTerm);
  const where = and(
    eq(bills.businessId, businessId),
    openBill,
    query.vendorId ? eq(bills.vendorId, query.vendorId) : undefined,
    ...dueDateConditions(bills.dueDate, range),
    query.status.length > 0 ? inArray(bills.status, query.status) : undefined,
    search,
  );
  const pageOptions: PageOptions = {
    businessId,
    where,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    ...paging,
  };
  if (!query.vendorId && !search) {
    const total = await countOpenBills(db, { businessId, range, statuses: query.status });
    // Past the last bill there is nothing to read (and a status nobody has costs no scan).
    const offset = (query.pageNumber - 1) * query.pageSize;
    const items = total > offset ? await pageRows(db, pageOptions) : [];
    return { items, total, ...paging };
  }
  if (search) {
    const offset = (query.pageNumber - 1) * query.pageSize;
    const found = await searchPage(db, pageOptions);
    // An empty page past the first says nothing of how many matched: count them (up to the cap + 1).
    const matched =
      found.items.length === 0 && offset > 0 ? await countBills(db, where, SEARCH_TOTAL_CAP) : found.matched;
    const complete =
      matched <= SEARCH_TOTAL_CAP ||
      (query.sortBy !== 'vendorName' && offset + query.pageSize <= SEARCH_TOTAL_CAP + 1);
    // Otherwise a common term: walking the list's order meets matches at once.
    const items = complete ? found.items : await pageRows(db, pageOptions);
    return { items, total: Math.min(matched, SEARCH_TOTAL_CAP), ...paging };
  }
  const [items, total] = await Promise.all([pageRows(db, pageOptions), countBills(db, where)]);
  return { items, total, ...paging };
}

const BILL_KEYS = Object.keys(getTableColumns(bills)) as (keyof BillRow)[];

/**
 * A search's page: the first SEARCH_TOTAL_CAP + 1 matches in the list's order, read in a subquery (a
 * LIMIT the planner cannot look through: a rare term's few matches are read with the search's indexes
 * and sorted, a common term's by walking the list's order until the cap), then paged, with how many the
 * subquery holds (`matched`). The vendor-name order needs the contacts, so for it the subquery takes
 * bill-date order: its page is right only when every match is in the subquery.
 */
async function searchPage(
  db: DbOrTx,
  options: PageOptions,
): Promise<{ items: BillListItem[]; matched: number }> {
  const inner = options.sortBy === 'vendorName' ? 'date' : options.sortBy;
  const matches = db
    .select()
    .from(bills)
    .where(options.where)
    .orderBy(...sortOf(inner, options.sortOrder))
    .limit(SEARCH_TOTAL_CAP + 1)
    .as('m');
  const bill = Object.fromEntries(BILL_KEYS.map((key) => [key, matches[key]])) as Record<
    keyof BillRow,
    (typeof matches)[keyof BillRow]
  >;
  const rows = (await db
    .select({ bill, vendor: vendorColumns, matched: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(matches)
    .innerJoin(contacts, eq(contacts.id, matches.vendorId))
    .orderBy(...sortOf(options.sortBy, options.sortOrder, matches))
    .limit(options.pageSize)
    .offset((options.pageNumber - 1) * options.pageSize)) as unknown as {
    bill: BillRow;
    vendor: VendorRef;
    matched: number;
  }[];
  return { items: rows.map((r) => toListItem(r.bill, r.vendor)), matched: rows[0]?.matched ?? 0 };
}

/** The columns the accounting-list filters read, on bills or on invoices. */
export interface AccountingFilterColumns {
  businessId: PgColumn;
  /** The document's own date (bill date, invoice date): startDate and endDate. */
  documentDate: PgColumn;
  contactId: PgColumn;
  amountCents: PgColumn;
  balanceCents: PgColumn;
  status: PgColumn;
  id: PgColumn;
  /** The lines table: lineItems keeps documents with a line on one of the items or accounts. */
  lines: { table: PgTable; documentId: PgColumn; itemId: PgColumn; chartAccountId: PgColumn };
}

/** The conditions of the accounting-list filters (spec 002 §5 "Bills list filters", §7), but the search. */
export function accountingFilterConditions(
  columns: AccountingFilterColumns,
  businessId: string,
  query: Omit<AccountingBillsQuery, 'sortBy'>,
): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [eq(columns.businessId, businessId)];
  if (query.startDate) conditions.push(gte(columns.documentDate, query.startDate));
  if (query.endDate) conditions.push(lte(columns.documentDate, query.endDate));
  if (query.contactId) conditions.push(eq(columns.contactId, query.contactId));
  if (query.paidStatus === 'PAID') conditions.push(eq(columns.balanceCents, 0));
  if (query.paidStatus === 'UNPAID') conditions.push(sql`${columns.balanceCents} = ${columns.amountCents}`);
  if (query.paidStatus === 'PARTIAL_PAID') {
    conditions.push(sql`${columns.balanceCents} > 0 and ${columns.balanceCents} < ${columns.amountCents}`);
  }
  if (query.status.length > 0) conditions.push(inArray(columns.status, query.status));
  if (query.balance?.min !== undefined) conditions.push(gte(columns.balanceCents, query.balance.min));
  if (query.balance?.max !== undefined) conditions.push(lte(columns.balanceCents, query.balance.max));
  const lineIds = query.lineItems.filter((id) => ID.test(id));
  if (query.lineItems.length > 0) {
    const { lines } = columns;
    conditions.push(
      lineIds.length === 0
        ? sql`false`
        : sql`exists (select 1 from ${lines.table} where ${lines.documentId} = ${columns.id} and (${inArray(
            lines.itemId,
            lineIds,
          )} or ${inArray(lines.chartAccountId, lineIds)}))`,
    );
  }
  return conditions;
}

/** GET accounting/bills: every bill of the business with the filters of spec 002 §5 and §7. */
export async function listAccountingBills(
  context: Context,
  options: { businessId: string; query: AccountingBillsQuery },
) {
  const { query } = options;
  const conditions = accountingFilterConditions(
    {
      businessId: bills.businessId,
      documentDate: bills.billDate,
      contactId: bills.vendorId,
      amountCents: bills.amountCents,
      balanceCents: bills.balanceCents,
      status: bills.status,
      id: bills.id,
      lines: {
        table: billLineItems,
        documentId: billLineItems.billId,
        itemId: billLineItems.itemId,
        chartAccountId: billLineItems.chartAccountId,
      },
    },
    options.businessId,
    query,
  );
  const search = await searchCondition(context.database.db, options.businessId, query.searchTerm);
  if (search) conditions.push(search);
  return page(context.database.db, {
    businessId: options.businessId,
    where: and(...conditions),
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  });
}

/**
 * GET bills/summary/due: the three cards, on open bills, for the business's today (New York). Added up
 * from the open-bills rollup (one row per due date and status), never from the bills.
 */
export async function dueSummary(context: Context, businessId: string): Promise<BillsDueSummary> {
  const today = businessToday(context);
  const { dueIn7, overdueBefore } = dueWindows(today);
  const buckets = await openBillBuckets(context.database.db, { businessId, dueIn7, overdueBefore });
  const bucket = ({ count, cents }: { count: number; cents: number }) => ({
    amount: centsToAmount(cents),
    total: count,
  });
  return {
    totalOutstanding: bucket(buckets.all),
    dueInNext7Days: bucket(buckets.dueIn7),
    overdue: bucket(buckets.overdue),
    today,
  };
}

/** Accounting sync: the business's bills made in Ferry (not cancelled), in order after `afterSequence`. */
export async function ferryBillsPage(
  db: DbOrTx,
  options: { businessId: string; afterSequence: number; limit: number },
): Promise<{ id: string; sequence: number }[]> {
  return db
    .select({ id: bills.id, sequence: bills.sequence })
    .from(bills)
    .where(
      and(
        eq(bills.businessId, options.businessId),
        eq(bills.source, 'FERRY'),
        ne(bills.status, 'cancelled'),
        gt(bills.sequence, options.afterSequence),
      ),
    )
    .orderBy(asc(bills.sequence))
    .limit(options.limit);
}
