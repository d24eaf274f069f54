import { centsToAmount } from '@ferry/domain/money';
import { newYorkDate, newYorkInstant, toNewYorkWallTime } from '@ferry/domain/payments';
import { paths } from '@ferry/domain/routes';
import {
  DEFAULT_REMINDER_SETTINGS,
  INVOICE_MESSAGES,
  PAYMENT_REQUEST_MESSAGES,
  type PaymentRequestStatus,
  quantityFromE4,
  type ReminderSettings,
  type SendMultipleResult,
  type SentPaymentRequest,
} from '@ferry/domain/schemas';
import { and, asc, eq, gt, inArray, max, notExists, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { Actor } from '../activity/service.js';
import { mailOrigin } from '../banking/notify.js';
import { businessToday } from '../bills/service.js';
import { bills } from '../bills/tables.js';
import { insertBusinessWithRoles } from '../businesses/service.js';
import { businesses } from '../businesses/tables.js';
import { contacts } from '../contacts/tables.js';
import { BUSINESS_PAYMENT, guestLinkFor } from '../guest/kinds.js';
import { findInvoiceOrThrow, refreshInvoiceStatus } from '../invoices/service.js';
import { invoiceLineItems } from '../invoices/tables.js';
import {
  type PaymentRequestMailKind,
  renderPaymentRequestMail,
} from '../notifications/payment-request-templates.js';
import { type NewMessage, queueMessages } from '../notifications/service.js';
import { users } from '../users/tables.js';
import {
  balanceNow,
  cancelPaymentRequest,
  createPaymentRequest,
  eventViewsOf,
  findRequestOf,
  liveRequestOfInvoice,
  paymentRequestNotFound,
  recordPaymentRequestEvent,
  recordPaymentRequestEvents,
  statusNow,
} from './service.js';
import {
  type PaymentRequestRow,
  paymentRequestReminderSettings,
  paymentRequestReminders,
  paymentRequests,
} from './tables.js';

/**
 * The sending side of payment requests (Get Paid, issue 19): a business sends its invoice to a customer
 * that is a business on Ferry, reminds them (by hand or on a schedule) and withdraws the request. The
 * business in the address is the payee (the sender).
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'jobs' | 'config'>;

/** A request the sender may still remind or cancel: waiting for the payer with something left to pay. */
const REMINDABLE: readonly PaymentRequestStatus[] = ['CREATED', 'LINK_BILL', 'FAILED'];

const FERRY_ACTOR: Actor = { type: 'SYSTEM', userId: null, name: 'Ferry' };

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

const payerBusinesses = alias(businesses, 'payer_businesses');

const selectSent = (db: DbOrTx) =>
  db
    .select({
      request: paymentRequests,
      status: statusNow,
      balance: balanceNow,
      payerName: payerBusinesses.businessName,
      customer: { id: contacts.id, name: contacts.name, email: contacts.email },
    })
    .from(paymentRequests)
    .innerJoin(payerBusinesses, eq(payerBusinesses.id, paymentRequests.payerBusinessId))
    .leftJoin(contacts, eq(contacts.id, paymentRequests.payerContactId))
    .leftJoin(bills, eq(bills.id, paymentRequests.billId));

/** Requests the business sent, as the sender sees them (with their timelines), in the order asked. */
export async function sentRequestViews(
  db: DbOrTx,
  payeeBusinessId: string,
  paymentRequestIds: readonly string[],
): Promise<SentPaymentRequest[]> {
  const ids = [...new Set(paymentRequestIds)];
  if (ids.length === 0) return [];
  const rows = await selectSent(db).where(
    and(eq(paymentRequests.payeeBusinessId, payeeBusinessId), inArray(paymentRequests.id, ids)),
  );
  const [events, reminders] = await Promise.all([
    eventViewsOf(
      db,
      rows.map((row) => row.request.id),
    ),
    db
      .select({ id: paymentRequestReminders.paymentRequestId, at: max(paymentRequestReminders.createdAt) })
      .from(paymentRequestReminders)
      .where(
        inArray(
          paymentRequestReminders.paymentRequestId,
          rows.map((row) => row.request.id),
        ),
      )
      .groupBy(paymentRequestReminders.paymentRequestId),
  ]);
  const lastReminder = new Map(reminders.map((r) => [r.id, r.at]));
  const byId = new Map(
    rows.map((row): [string, SentPaymentRequest] => {
      const r = row.request;
      const last = lastReminder.get(r.id);
      return [
        r.id,
        {
          id: r.id,
          invoiceId: r.invoiceId,
          refNo: r.refNo,
          payer: { businessId: r.payerBusinessId, businessName: row.payerName },
          customer: row.customer?.id
            ? { id: row.customer.id, name: row.customer.name, email: row.customer.email }
            : null,
          invoiceDate: r.invoiceDate,
          dueDate: r.dueDate,
          amount: centsToAmount(r.amountCents),
          balance: centsToAmount(Number(row.balance)),
          status: row.status,
          sentAt: r.createdAt.toISOString(),
          lastReminderAt: last ? new Date(last).toISOString() : null,
          events: events.get(r.id) ?? [],
        },
      ];
    }),
  );
  return ids.flatMap((id) => {
    const found = byId.get(id);
    return found ? [found] : [];
  });
}

async function sentRequestView(db: DbOrTx, payeeBusinessId: string, id: string) {
  const [view] = await sentRequestViews(db, payeeBusinessId, [id]);
  if (!view) throw paymentRequestNotFound();
  return view;
}

// ---------------------------------------------------------------------------------------------
// Mails to the customer
// ---------------------------------------------------------------------------------------------

/** Where the customer's mails go: the customer contact's email and secondary emails, else the payer's owner. */
async function recipientsOf(
  db: DbOrTx,
  requests: readonly PaymentRequestRow[],
): Promise<Map<string, string[]>> {
  const contactIds = [...new Set(requests.flatMap((r) => (r.payerContactId ? [r.payerContactId] : [])))];
  const payerIds = [...new Set(requests.map((r) => r.payerBusinessId))];
  const [contactRows, ownerRows] = await Promise.all([
    contactIds.length === 0
      ? []
      : db
          .select({ id: contacts.id, email: contacts.email, secondary: contacts.secondaryEmails })
          .from(contacts)
          .where(inArray(contacts.id, contactIds)),
    db
      .select({ id: businesses.id, email: users.email })
      .from(businesses)
      .innerJoin(users, eq(users.id, businesses.createdBy))
      .where(inArray(businesses.id, payerIds)),
  ]);
  const byContact = new Map(contactRows.map((c) => [c.id, [c.email, ...(c.secondary ?? [])]]));
  const owners = new Map(ownerRows.map((o) => [o.id, o.email]));
  return new Map(
    requests.map((r) => {
      const listed = (r.payerContactId ? byContact.get(r.payerContactId) : undefined) ?? [];
      const fallback = owners.get(r.payerBusinessId);
      const emails = listed.length > 0 ? listed : fallback ? [fallback] : [];
      return [r.id, [...new Set(emails.map((e) => e.trim().toLowerCase()).filter((e) => e !== ''))]];
    }),
  );
}

/** The mails whose link opens the request: a guest payer's lead to its guest link, not to For Review. */
const LINKED_KINDS: readonly PaymentRequestMailKind[] = ['REQUESTED', 'REMINDER'];

/**
 * Queues the mails of a kind about requests (in the caller's transaction): a few statements whatever
 * their number. A customer that is not on Ferry (its business is a guest business) gets, per address,
 * its guest link (`/process/payment/start?token=…`, the live one again for a reminder) instead of the
 * For Review page it cannot open.
 */
async function queueRequestMails(
  context: Ctx,
  db: DbOrTx,
  kind: PaymentRequestMailKind,
  items: readonly { request: PaymentRequestRow; balanceCents?: number; remarks?: string | null }[],
): Promise<void> {
  if (items.length === 0) return;
  const requests = items.map((item) => item.request);
  const businessIds = [...new Set(requests.flatMap((r) => [r.payeeBusinessId, r.payerBusinessId]))];
  const [named, recipients] = await Promise.all([
    db
      .select({ id: businesses.id, name: businesses.businessName, isGuest: businesses.isGuest })
      .from(businesses)
      .where(inArray(businesses.id, businessIds)),
    recipientsOf(db, requests),
  ]);
  const byId = new Map(named.map((b) => [b.id, b]));
  const today = businessToday(context);
  const origin = mailOrigin(context.config);
  const mails: NewMessage[] = [];
  for (const { request, balanceCents, remarks } of items) {
    const isGuest = Boolean(byId.get(request.payerBusinessId)?.isGuest) && LINKED_KINDS.includes(kind);
    for (const to of recipients.get(request.id) ?? []) {
      const link = isGuest
        ? await guestLinkFor(context, db, {
            subject: {
              type: BUSINESS_PAYMENT,
              paymentRequestId: request.id,
              guestBusinessId: request.payerBusinessId,
            },
            email: to,
          })
        : `${origin}${paths.billsForReview(request.payerBusinessId)}`;
      const mail = renderPaymentRequestMail({
        kind,
        senderName: byId.get(request.payeeBusinessId)?.name ?? 'A business on Ferry',
        refNo: request.refNo,
        amountCents: request.amountCents,
        balanceCents: balanceCents ?? request.balanceCents,
        dueDate: request.dueDate,
        today,
        link,
        guest: isGuest,
        remarks,
      });
      mails.push({ channel: 'email', to, subject: mail.subject, text: mail.text, html: mail.html });
    }
  }
  await queueMessages(context, { db, messages: mails });
}

// ---------------------------------------------------------------------------------------------
// Sending an invoice
// ---------------------------------------------------------------------------------------------

/** A customer not on Ferry gets the request by email: it needs an address. */
export const CUSTOMER_EMAIL_REQUIRED_MESSAGE =
  "To send a payment request, add this customer's email address: they pay it from the link we email them.";

/**
 * The business a customer pays from: its business on Ferry, else a guest business made now from the
 * contact's name (never listed by the network), which the contact is linked to — the request, For
 * Review, link-bill and the invoice sync then work as for any payer. A customer without an email answers
 * 409 (the guest link goes by email).
 */
export async function payerBusinessOf(
  context: Ctx,
  tx: DbOrTx,
  customer: { id: string; name: string; email: string; networkBusinessId: string | null },
): Promise<string> {
  if (customer.networkBusinessId) return customer.networkBusinessId;
  if (customer.email.trim() === '') throw new AppError('CONFLICT', CUSTOMER_EMAIL_REQUIRED_MESSAGE);
  const { businessId } = await insertBusinessWithRoles(tx, {
    clock: context.clock,
    ownerId: null,
    businessName: customer.name,
    isGuest: true,
  });
  await tx
    .update(contacts)
    .set({ networkBusinessId: businessId, updatedAt: context.clock.now() })
    .where(eq(contacts.id, customer.id));
  return businessId;
}

/**
 * Sends one invoice to its customer, in the caller's transaction: a customer not on Ferry gets a guest
 * business and a guest link (payerBusinessOf; 409 without an email); the
 * request copies the invoice (lines, discount, tax, dates), the invoice becomes 'requested', the
 * customer gets the 'Payment request from {business}' mail, and the timeline starts with 'Requested'.
 * A second send of the same invoice answers the live request (no second mail).
 */
async function sendInvoiceInTx(
  context: Ctx,
  tx: DbOrTx,
  options: { businessId: string; invoiceId: string; actor: Actor; notify?: boolean },
): Promise<PaymentRequestRow> {
  const { invoice } = await findInvoiceOrThrow(tx, {
    businessId: options.businessId,
    invoiceId: options.invoiceId,
    forUpdate: true,
  });
  const live = await liveRequestOfInvoice(tx, options.businessId, invoice.id);
  if (live) return live;
  if (invoice.status === 'cancelled' || invoice.balanceCents === 0) {
    throw new AppError('CONFLICT', INVOICE_MESSAGES.invoiceClosed);
  }
  if (invoice.balanceCents !== invoice.amountCents) {
    throw new AppError('CONFLICT', PAYMENT_REQUEST_MESSAGES.invoiceHasPayments);
  }
  const [customer] = await tx
    .select({
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      networkBusinessId: contacts.networkBusinessId,
    })
    .from(contacts)
    .where(eq(contacts.id, invoice.customerId))
    .for('update');
  if (!customer) throw new Error(`invoice ${invoice.id} has no customer contact`);
  const payerBusinessId = await payerBusinessOf(context, tx, customer);
  const lines = await tx
    .select()
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoiceId, invoice.id))
    .orderBy(asc(invoiceLineItems.position));
  const { paymentRequest, created } = await createPaymentRequest(tx, {
    payeeBusinessId: options.businessId,
    payerBusinessId,
    payerContactId: customer.id,
    invoiceId: invoice.id,
    refNo: invoice.refNo,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    lines: lines.map((line) => ({
      itemName: line.itemName ?? line.coaName ?? 'Item',
      description: line.description,
      quantity: quantityFromE4(line.quantityE4),
      unitPriceCents: line.unitPriceCents,
    })),
    discountCents: invoice.discountCents,
    taxCents: invoice.taxCents,
    memo: invoice.memo,
    actor: options.actor,
    at: context.clock.now(),
  });
  if (paymentRequest.amountCents !== invoice.amountCents) {
    throw new Error(
      `payment request of invoice ${invoice.id} priced ${paymentRequest.amountCents}, the invoice ${invoice.amountCents}`,
    );
  }
  if (created) {
    await refreshInvoiceStatus(tx, invoice.id);
    if (options.notify !== false) {
      await queueRequestMails(context, tx, 'REQUESTED', [{ request: paymentRequest }]);
    }
  }
  return paymentRequest;
}

/**
 * POST payment-requests { invoiceDetails: { id } }: the request (a second send answers the same one).
 * `notify: false` sends no 'Payment request' mail (an auto payment: its own notice told the payer).
 */
export async function sendInvoicePaymentRequest(
  context: Ctx,
  options: { businessId: string; invoiceId: string; actor: Actor; notify?: boolean },
): Promise<SentPaymentRequest> {
  return context.database.db.transaction(async (tx) => {
    const request = await sendInvoiceInTx(context, tx, options);
    return sentRequestView(tx, options.businessId, request.id);
  });
}

/**
 * POST payment-requests/send-multiple-requests: each invoice as POST payment-requests, each in its own
 * transaction (one refused invoice does not stop the others); answers one result per invoice, in order.
 */
export async function sendMultiplePaymentRequests(
  context: Ctx,
  options: { businessId: string; invoiceIds: readonly string[]; actor: Actor },
): Promise<SendMultipleResult[]> {
  const results: SendMultipleResult[] = [];
  for (const invoiceId of options.invoiceIds) {
    try {
      const request = await context.database.db.transaction((tx) =>
        sendInvoiceInTx(context, tx, { businessId: options.businessId, invoiceId, actor: options.actor }),
      );
      results.push({ invoiceId, paymentRequestId: request.id, error: null, errorCode: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ invoiceId, paymentRequestId: null, error: error.message, errorCode: error.errorCode });
    }
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Reminders and cancelling
// ---------------------------------------------------------------------------------------------

/** A request the business sent, locked, with its state now and what is left to pay; or 404. */
async function lockSentRequest(tx: DbOrTx, options: { businessId: string; paymentRequestId: string }) {
  const locked = await findRequestOf(tx, { ...options, side: 'payee', forUpdate: true });
  const [now] = await tx
    .select({ status: statusNow, balance: balanceNow })
    .from(paymentRequests)
    .leftJoin(bills, eq(bills.id, paymentRequests.billId))
    .where(eq(paymentRequests.id, locked.id));
  return { request: locked, status: now?.status ?? locked.state, balanceCents: Number(now?.balance ?? 0) };
}

/** 409 unless the request still waits for the payer (not paid, cancelled, or with a payment on its way). */
function assertWaiting(found: { status: PaymentRequestStatus; balanceCents: number }) {
  if (found.status === 'PROCESSING') throw new AppError('CONFLICT', PAYMENT_REQUEST_MESSAGES.paymentOnItsWay);
  if (!REMINDABLE.includes(found.status) || found.balanceCents <= 0) {
    throw new AppError('CONFLICT', PAYMENT_REQUEST_MESSAGES.notOpen);
  }
}

/**
 * POST payment-requests/send-reminder: a reminder mail now, 'Manual Reminder Sent' on the timeline. At
 * most one reminder (by hand or scheduled) a day per request (New York date): else 409
 * PAYMENT_REQUEST_MESSAGES.reminderAlreadySent.
 */
export async function sendManualReminder(
  context: Ctx,
  options: { businessId: string; paymentRequestId: string; actor: Actor },
): Promise<SentPaymentRequest> {
  return context.database.db.transaction(async (tx) => {
    const found = await lockSentRequest(tx, options);
    assertWaiting(found);
    const at = context.clock.now();
    const claimed = await tx
      .insert(paymentRequestReminders)
      .values({
        paymentRequestId: found.request.id,
        day: businessToday(context),
        kind: 'MANUAL',
        actorUserId: options.actor.userId,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: paymentRequestReminders.paymentRequestId });
    if (claimed.length === 0) throw new AppError('CONFLICT', PAYMENT_REQUEST_MESSAGES.reminderAlreadySent);
    await recordPaymentRequestEvent(tx, {
      paymentRequestId: found.request.id,
      action: 'PAYMENT_REQUEST_MANUAL_REMINDER_SENT',
      actor: options.actor,
      at,
    });
    await queueRequestMails(context, tx, 'REMINDER', [
      { request: found.request, balanceCents: found.balanceCents },
    ]);
    return sentRequestView(tx, options.businessId, found.request.id);
  });
}

/**
 * PATCH payment-requests/{id} { status: 'CANCELLED', remarks }: the sender withdraws the request
 * ('Canceled' on the timeline with the remarks), its invoice goes back to 'unpaid' and the customer is
 * told by mail. A request with a payment on its way, paid or already cancelled answers 409.
 */
export async function cancelSentPaymentRequest(
  context: Ctx,
  options: { businessId: string; paymentRequestId: string; remarks?: string | null; actor: Actor },
): Promise<SentPaymentRequest> {
  return context.database.db.transaction(async (tx) => {
    const found = await lockSentRequest(tx, options);
    assertWaiting(found);
    const cancelled = await cancelPaymentRequest(tx, {
      payeeBusinessId: options.businessId,
      paymentRequestId: found.request.id,
      remarks: options.remarks,
      actor: options.actor,
      at: context.clock.now(),
    });
    if (cancelled.invoiceId) await refreshInvoiceStatus(tx, cancelled.invoiceId);
    await queueRequestMails(context, tx, 'CANCELLED', [
      { request: cancelled, balanceCents: found.balanceCents, remarks: options.remarks },
    ]);
    return sentRequestView(tx, options.businessId, found.request.id);
  });
}

// ---------------------------------------------------------------------------------------------
// Scheduled reminders
// ---------------------------------------------------------------------------------------------

const toSettings = (row: typeof paymentRequestReminderSettings.$inferSelect | undefined): ReminderSettings =>
  row
    ? {
        enabled: row.enabled,
        beforeDueDays: row.beforeDueDays,
        onDueDate: row.onDueDate,
        afterDueEveryDays: row.afterDueEveryDays,
      }
    : { ...DEFAULT_REMINDER_SETTINGS };

/** GET payment-requests/reminder-settings (the defaults, reminders off, until saved). */
export async function getReminderSettings(context: Pick<Ctx, 'database'>, businessId: string) {
  const [row] = await context.database.db
    .select()
    .from(paymentRequestReminderSettings)
    .where(eq(paymentRequestReminderSettings.businessId, businessId));
  return toSettings(row);
}

/** PUT payment-requests/reminder-settings. */
export async function saveReminderSettings(
  context: Pick<Ctx, 'database' | 'clock'>,
  options: { businessId: string; settings: ReminderSettings; userId: string | null },
): Promise<ReminderSettings> {
  const at = context.clock.now();
  const values = { ...options.settings, updatedBy: options.userId, updatedAt: at };
  const [row] = await context.database.db
    .insert(paymentRequestReminderSettings)
    .values({ businessId: options.businessId, ...values, createdAt: at })
    .onConflictDoUpdate({ target: paymentRequestReminderSettings.businessId, set: values })
    .returning();
  return toSettings(row);
}

/** Scheduled reminders go out from this New York hour on (the hourly job's first run of the day after it). */
export const REMINDER_FROM_HOUR = 9;
const REMINDER_BATCH = 200;

/**
 * The due scheduled reminders of today (New York date), from REMINDER_FROM_HOUR: for every business with
 * reminders on, its requests still waiting for the payer (not paid, not cancelled, no payment on its
 * way, sent before today) whose due date matches a chosen reminder — N days before, on the day, every N
 * days after. Each gets a reminder mail and 'Reminder Sent' on its timeline. The (request, day) key
 * claims each reminder once: a request reminded today (by hand or by another worker) is skipped. Runs in
 * batches of 200 until none is left; answers how many were sent.
 *
 * `day`: the sandbox's day instead of the real one. Moving the sandbox clock (`POST /sandbox/clock/advance`)
 * runs the reminders of the day it moved to at once, whatever the hour, so a tester sees an overdue
 * invoice get its reminder as the days pass, like the payments the same move settles.
 */
export async function sendScheduledReminders(context: Ctx, options: { day?: Date } = {}): Promise<number> {
  const now = context.clock.now();
  if (!options.day && toNewYorkWallTime(now).minutes < REMINDER_FROM_HOUR * 60) return 0;
  const today = options.day ? newYorkDate(options.day) : businessToday(context);
  const startOfToday = newYorkInstant(today, 0);
  const s = paymentRequestReminderSettings;
  const r = paymentRequests;
  const todayDate = sql`${today}::date`;
  const dueRule: SQL | undefined = or(
    and(sql`${s.beforeDueDays} is not null`, sql`${r.dueDate} - ${s.beforeDueDays} = ${todayDate}`),
    and(eq(s.onDueDate, true), sql`${r.dueDate} = ${todayDate}`),
    and(
      sql`${s.afterDueEveryDays} is not null`,
      sql`${r.dueDate} < ${todayDate}`,
      sql`(${todayDate} - ${r.dueDate}) % ${s.afterDueEveryDays} = 0`,
    ),
  );
  const waiting = sql`${statusNow} in (${sql.join(
    REMINDABLE.map((state) => sql`${state}`),
    sql`, `,
  )})`;
  let sent = 0;
  let after = '';
  for (;;) {
    const batch = await context.database.db.transaction(async (tx) => {
      const due = await tx
        .select({ request: paymentRequests, balance: balanceNow })
        .from(paymentRequests)
        .innerJoin(s, and(eq(s.businessId, r.payeeBusinessId), eq(s.enabled, true)))
        .leftJoin(bills, eq(bills.id, r.billId))
        .where(
          and(
            gt(r.id, after),
            waiting,
            sql`${balanceNow} > 0`,
            sql`${r.createdAt} < ${startOfToday}`,
            dueRule,
            notExists(
              tx
                .select({ one: sql`1` })
                .from(paymentRequestReminders)
                .where(
                  and(
                    eq(paymentRequestReminders.paymentRequestId, r.id),
                    eq(paymentRequestReminders.day, today),
                  ),
                ),
            ),
          ),
        )
        .orderBy(asc(r.id))
        .limit(REMINDER_BATCH);
      if (due.length === 0) return { size: 0, last: after, sent: 0 };
      const claimed = await tx
        .insert(paymentRequestReminders)
        .values(
          due.map((row) => ({
            paymentRequestId: row.request.id,
            day: today,
            kind: 'SCHEDULED' as const,
            createdAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: paymentRequestReminders.paymentRequestId });
      const claimedIds = new Set(claimed.map((c) => c.id));
      const items = due.filter((row) => claimedIds.has(row.request.id));
      await recordPaymentRequestEvents(
        tx,
        items.map((item) => ({
          paymentRequestId: item.request.id,
          action: 'PAYMENT_REQUEST_REMINDER_SENT' as const,
          actor: FERRY_ACTOR,
          at: now,
        })),
      );
      await queueRequestMails(
        context,
        tx,
        'REMINDER',
        items.map((item) => ({ request: item.request, balanceCents: Number(item.balance) })),
      );
      return { size: due.length, last: due[due.length - 1]?.request.id ?? after, sent: items.length };
    });
    sent += batch.sent;
    after = batch.last;
    if (batch.size < REMINDER_BATCH) break;
  }
  return sent;
}

export const REMINDERS_JOB = 'payment-requests.reminders';

/** The hourly scheduled-reminders job (called from app.ts registerJobs). */
export function registerPaymentRequestJobs(context: AppContext): void {
  context.jobs.register(
    REMINDERS_JOB,
    async () => {
      await sendScheduledReminders(context);
    },
    { cron: '5 * * * *' },
  );
}
