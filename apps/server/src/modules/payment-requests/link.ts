import { centsToAmount } from '@ferry/domain/money';
import {
  BILL_MESSAGES,
  type BusinessesToMap,
  billRequestSchema,
  CONTACT_API_MESSAGES,
  CONTACT_ENTITY_TYPE,
  type LinkBillResult,
  type MapMatchKind,
  PAYMENT_REQUEST_LIMITS,
  PAYMENT_REQUEST_MESSAGES,
  quantityFromE4,
} from '@ferry/domain/schemas';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { ensureDefaultChart, getChartAccount } from '../accounting/service.js';
import { chartAccounts } from '../accounting/tables.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { ensureDefaultItems } from '../bills/items.js';
import { createBill, findBillOrThrow } from '../bills/service.js';
import { accountingItems } from '../bills/tables.js';
import { findContactOrThrow, violatedUniqueIndex } from '../contacts/access.js';
import { insertContact, storedAddress } from '../contacts/service.js';
import { type ContactRow, contacts } from '../contacts/tables.js';
import {
  findSender,
  getPaymentRequest,
  lockReceivedRequest,
  paymentRequestNotFound,
  recordPaymentRequestEvent,
} from './service.js';
import { type PaymentRequestRow, paymentRequests } from './tables.js';

type Context = Pick<AppContext, 'database' | 'clock'>;

const conflict = (message: string) => new AppError('CONFLICT', message);

/** States in which the payer can still turn the request into a bill. */
const LINKABLE = new Set(['CREATED', 'LINK_BILL', 'FAILED']);

/**
 * The bill's lines: each request line on the payer's purchased item of the same name, else on the
 * chart account asked for, else on the payer's Cost of Goods Sold account (else its first expense account).
 */
async function billLines(
  tx: DbOrTx,
  context: Pick<AppContext, 'clock'>,
  options: { businessId: string; request: PaymentRequestRow; chartAccountId: string | undefined },
) {
  await ensureDefaultItems(tx, context, options.businessId);
  await ensureDefaultChart(tx, context, options.businessId);
  const items = await tx
    .select({ id: accountingItems.id, name: accountingItems.name })
    .from(accountingItems)
    .where(
      and(
        eq(accountingItems.businessId, options.businessId),
        eq(accountingItems.isActive, true),
        eq(accountingItems.isPurchased, true),
      ),
    );
  const itemByName = new Map(items.map((item) => [item.name.trim().toLowerCase(), item.id]));
  let fallback = options.chartAccountId;
  if (!fallback && options.request.lines.some((l) => !itemByName.has(l.itemName.trim().toLowerCase()))) {
    const [account] = await tx
      .select({ id: chartAccounts.id })
      .from(chartAccounts)
      .where(
        and(
          eq(chartAccounts.businessId, options.businessId),
          or(eq(chartAccounts.accountType, 'COST_OF_GOODS_SOLD'), eq(chartAccounts.accountType, 'EXPENSE')),
        ),
      )
      .orderBy(
        sql`case when ${chartAccounts.accountType} = 'COST_OF_GOODS_SOLD' then 0 else 1 end`,
        asc(chartAccounts.number),
        asc(chartAccounts.id),
      )
      .limit(1);
    fallback = account?.id;
  }
  return options.request.lines.map((line) => {
    const itemId = itemByName.get(line.itemName.trim().toLowerCase());
    const description = itemId
      ? line.description
      : [line.itemName, line.description].filter((part) => part?.trim()).join(' — ');
    return {
      ...(itemId ? { itemId } : { chartAccountId: fallback ?? '' }),
      description: description ? description.slice(0, 500) : null,
      quantity: quantityFromE4(line.quantityE4),
      unitPrice: centsToAmount(line.unitPriceCents),
    };
  });
}

/**
 * POST payment-requests/{id}/link-bill. Under the request's row lock: a request that already has a bill
 * answers that bill (so a second call, or two at once, make exactly one bill). Otherwise the open bill
 * `billId` of the same vendor is linked, or a bill is created for the request's vendor with its number,
 * dates, lines, discount, tax and memo — in the same transaction as the link (all or nothing).
 */
export async function linkBill(
  context: Context,
  options: {
    businessId: string;
    paymentRequestId: string;
    actor: Actor;
    billId?: string | undefined;
    chartAccountId?: string | undefined;
  },
): Promise<LinkBillResult> {
  const { db } = context.database;
  const { businessId } = options;
  const billId = await db.transaction(async (tx: Tx) => {
    // Locks in the payment engine's order, bill then request (a bill write sets its linked request's
    // open amount, migration 0013): linking a bill that a payment is moving waits instead of deadlocking.
    const existing = options.billId
      ? await findBillOrThrow(tx, { businessId, billId: options.billId, forUpdate: true })
      : null;
    // The account for lines without a known item: the business's own, or 404 (even when not needed).
    if (options.chartAccountId && !(await getChartAccount(tx, businessId, options.chartAccountId))) {
      throw new AppError('NOT_FOUND', BILL_MESSAGES.accountNotFound, {
        errors: [{ field: 'chartAccountId', message: BILL_MESSAGES.accountNotFound }],
      });
    }
    const request = await lockReceivedRequest(tx, options);
    if (request.billId) {
      if (options.billId && options.billId !== request.billId) {
        throw conflict(PAYMENT_REQUEST_MESSAGES.alreadyLinked);
      }
      return request.billId;
    }
    if (!LINKABLE.has(request.state)) throw conflict(PAYMENT_REQUEST_MESSAGES.notOpen);
    if (!request.vendorContactId) throw conflict(PAYMENT_REQUEST_MESSAGES.notMapped);
    const now = context.clock.now();
    let linkedId: string;
    if (existing) {
      const { bill } = existing;
      if (bill.vendorId !== request.vendorContactId) {
        throw new AppError('UNPROCESSABLE', PAYMENT_REQUEST_MESSAGES.billOfOtherVendor, {
          errors: [{ field: 'billId', message: PAYMENT_REQUEST_MESSAGES.billOfOtherVendor }],
        });
      }
      if (bill.balanceCents <= 0 || bill.status === 'cancelled') {
        throw new AppError('UNPROCESSABLE', PAYMENT_REQUEST_MESSAGES.billNotOpen, {
          errors: [{ field: 'billId', message: PAYMENT_REQUEST_MESSAGES.billNotOpen }],
        });
      }
      const [taken] = await tx
        .select({ id: paymentRequests.id })
        .from(paymentRequests)
        .where(and(eq(paymentRequests.billId, bill.id), ne(paymentRequests.id, request.id)))
        .limit(1);
      if (taken) throw conflict(PAYMENT_REQUEST_MESSAGES.billAlreadyLinked);
      linkedId = bill.id;
    } else {
      const parsed = billRequestSchema.safeParse({
        vendorId: request.vendorContactId,
        refNo: request.refNo,
        billDate: request.invoiceDate,
        dueDate: request.dueDate,
        paymentTerm: 'CUSTOM',
        lines: await billLines(tx, context, { businessId, request, chartAccountId: options.chartAccountId }),
        discount:
          request.discountCents > 0 ? { type: 'AMOUNT', value: centsToAmount(request.discountCents) } : null,
        taxAmount: centsToAmount(request.taxCents),
        memo: request.memo?.slice(0, 500) ?? null,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError('UNPROCESSABLE', issue?.message ?? 'This payment request cannot become a bill.', {
          errors: [{ field: issue?.path.join('.') || 'paymentRequest', message: issue?.message ?? '' }],
        });
      }
      // The bills module writes the bill in a savepoint of this transaction (its own transaction block
      // nests), so the bill exists exactly when the link does.
      const bill = await createBill(
        { clock: context.clock, database: { ...context.database, db: tx } },
        { businessId, actor: options.actor, request: parsed.data },
      );
      linkedId = bill.id;
    }
    await tx
      .update(paymentRequests)
      .set({ billId: linkedId, state: 'LINK_BILL', updatedAt: now })
      .where(eq(paymentRequests.id, request.id));
    await recordPaymentRequestEvent(tx, {
      paymentRequestId: request.id,
      action: options.billId ? 'BILL_LINKED' : 'BILL_CREATED',
      actor: options.actor,
      remarks: request.refNo,
      data: { billId: linkedId },
      at: now,
    });
    return linkedId;
  });
  return {
    billId,
    paymentRequest: await getPaymentRequest(context, {
      businessId,
      paymentRequestId: options.paymentRequestId,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Mapping the sender to a vendor
// ---------------------------------------------------------------------------------------------

const MATCH_ORDER: Record<MapMatchKind, number> = { NETWORK: 0, EMAIL: 1, NAME: 2, OTHER: 3 };

/** Words of a business name that say something ('Northwind Supply Co.' → northwind, supply). */
const nameWords = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !['inc', 'llc', 'ltd', 'corp', 'company', 'the', 'and'].includes(w));

/**
 * GET payment-requests/{id}/businesses-to-map: the payer's vendors that could be the sender — the one
 * linked to the sender on Ferry first, then same email, then names sharing a word, then the other
 * vendors not linked to another Ferry business (by name; at most 50).
 */
export async function businessesToMap(
  context: Context,
  options: { businessId: string; paymentRequestId: string },
): Promise<BusinessesToMap> {
  const { db } = context.database;
  const detail = await getPaymentRequest(context, options);
  const sender = detail.sender;
  const rows = await db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.businessId, options.businessId),
        eq(contacts.type, 'VENDOR'),
        or(isNull(contacts.networkBusinessId), eq(contacts.networkBusinessId, sender.businessId)),
      ),
    )
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id));
  const senderEmail = sender.email?.toLowerCase() ?? null;
  const words = new Set(nameWords(sender.businessName));
  const matchOf = (row: ContactRow): MapMatchKind => {
    if (row.networkBusinessId === sender.businessId) return 'NETWORK';
    if (senderEmail && row.email.toLowerCase() === senderEmail) return 'EMAIL';
    if (nameWords(row.name).some((w) => words.has(w))) return 'NAME';
    return 'OTHER';
  };
  const candidates = rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      networkBusinessId: row.networkBusinessId,
      match: matchOf(row),
    }))
    .sort((a, b) => MATCH_ORDER[a.match] - MATCH_ORDER[b.match])
    .slice(0, PAYMENT_REQUEST_LIMITS.maxCandidates);
  return { sender, mappedContactId: detail.vendor?.id ?? null, candidates };
}

/**
 * The payer's vendor contact for a sender on Ferry (in the caller's transaction): with `contactId`, that
 * vendor — linked to the sender if it is not linked yet (409 if it is another business's); without it,
 * the vendor already linked to the sender, or a new vendor made from the sender (name, email, address).
 * A contact insert racing another answers through the unique indexes (see the callers' catch).
 */
export async function resolveSenderVendor(
  context: Context,
  tx: DbOrTx,
  options: {
    businessId: string;
    sender: Awaited<ReturnType<typeof findSender>>;
    actor: Actor;
    contactId?: string | undefined;
    remarks: string;
    data: Record<string, unknown>;
  },
): Promise<ContactRow> {
  const { businessId, sender } = options;
  const now = context.clock.now();
  const linkedEntry = (contact: ContactRow) => ({
    businessId,
    entityType: CONTACT_ENTITY_TYPE,
    entityId: contact.id,
    subject: 'PayManageVendors' as const,
    action: 'NETWORK_LINKED',
    label: `Linked to ${sender.businessName} on Ferry`,
    actor: options.actor,
    data: { networkBusinessId: sender.businessId, ...options.data },
    at: now,
  });
  const [linked] = await tx
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.businessId, businessId),
        eq(contacts.type, 'VENDOR'),
        eq(contacts.networkBusinessId, sender.businessId),
      ),
    )
    .limit(1);
  let vendor: ContactRow;
  if (options.contactId) {
    const contact = await findContactOrThrow(tx, {
      businessId,
      contactId: options.contactId,
      type: 'VENDOR',
      forUpdate: true,
    });
    if (contact.networkBusinessId && contact.networkBusinessId !== sender.businessId) {
      throw conflict(CONTACT_API_MESSAGES.contactAlreadyLinked);
    }
    if (!contact.networkBusinessId) {
      if (linked) throw conflict(CONTACT_API_MESSAGES.alreadyVendor);
      const [updated] = await tx
        .update(contacts)
        .set({ networkBusinessId: sender.businessId, needsFinalize: false, updatedAt: now })
        .where(eq(contacts.id, contact.id))
        .returning();
      if (!updated) throw new Error('contact not updated');
      await recordActivity(tx, linkedEntry(updated));
      vendor = updated;
    } else {
      vendor = contact;
    }
  } else if (linked) {
    vendor = linked;
  } else {
    const email = sender.email;
    if (!email) throw paymentRequestNotFound();
    const [sameEmail] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(
          eq(contacts.businessId, businessId),
          eq(contacts.type, 'VENDOR'),
          sql`lower(${contacts.email}) = ${email.toLowerCase()}`,
        ),
      )
      .limit(1);
    if (sameEmail) {
      throw new AppError('CONFLICT', CONTACT_API_MESSAGES.vendorExists, {
        errors: [{ field: 'contactId', message: CONTACT_API_MESSAGES.vendorExists }],
      });
    }
    vendor = await insertContact(context, tx, {
      businessId,
      type: 'VENDOR',
      actor: options.actor,
      remarks: options.remarks,
      contact: {
        name: sender.businessName.slice(0, 100),
        email,
        billingAddress: storedAddress(sender.billing),
        networkBusinessId: sender.businessId,
      },
    });
    await recordActivity(tx, linkedEntry(vendor));
  }
  return vendor;
}

/**
 * POST payment-requests/{id}/map-business: the vendor this request (and every other unmapped request of
 * the same sender) is from. With `contactId`, that vendor — linked to the sender on Ferry if it is not
 * linked yet (409 if it is another business's); without it, the vendor already linked to the sender, or
 * a new vendor made from the sender (name, email, billing address). Not possible once a bill is linked.
 */
export async function mapBusiness(
  context: Context,
  options: { businessId: string; paymentRequestId: string; actor: Actor; contactId?: string | undefined },
) {
  const { db } = context.database;
  const { businessId } = options;
  try {
    await db.transaction(async (tx: Tx) => {
      const request = await lockReceivedRequest(tx, options);
      if (request.billId) {
        if (options.contactId && options.contactId === request.vendorContactId) return;
        throw conflict(PAYMENT_REQUEST_MESSAGES.alreadyLinked);
      }
      const now = context.clock.now();
      const sender = await findSender(tx, request.payeeBusinessId);
      const vendor = await resolveSenderVendor(context, tx, {
        businessId,
        sender,
        actor: options.actor,
        contactId: options.contactId,
        remarks: 'Added from a payment request',
        data: { paymentRequestId: request.id },
      });
      if (request.vendorContactId === vendor.id) return;
      await tx
        .update(paymentRequests)
        .set({ vendorContactId: vendor.id, updatedAt: now })
        .where(eq(paymentRequests.id, request.id));
      // The sender's other requests still waiting for a vendor follow.
      await tx
        .update(paymentRequests)
        .set({ vendorContactId: vendor.id, updatedAt: now })
        .where(
          and(
            eq(paymentRequests.payerBusinessId, businessId),
            eq(paymentRequests.payeeBusinessId, sender.businessId),
            isNull(paymentRequests.vendorContactId),
            isNull(paymentRequests.billId),
          ),
        );
      await recordPaymentRequestEvent(tx, {
        paymentRequestId: request.id,
        action: 'VENDOR_MAPPED',
        actor: options.actor,
        remarks: vendor.name,
        data: { contactId: vendor.id },
        at: now,
      });
    });
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === 'contacts_network_unique') throw conflict(CONTACT_API_MESSAGES.alreadyVendor);
    if (index === 'contacts_email_unique') throw conflict(CONTACT_API_MESSAGES.vendorExists);
    throw error;
  }
  return getPaymentRequest(context, options);
}
