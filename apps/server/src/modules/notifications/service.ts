import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { type MessageRow, messages } from './tables.js';

export const DELIVER_JOB = 'notifications.deliver';

export interface NewMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  html?: string | null;
}

/**
 * Writes a message to the outbox in the caller's transaction and queues its delivery. The delivery job
 * is idempotent: a message already sent is never sent again.
 */
export async function queueMessage(
  context: Pick<AppContext, 'clock' | 'jobs'>,
  options: { db: DbOrTx; message: NewMessage; deliverAfterSeconds?: number },
): Promise<string> {
  const id = newId();
  await options.db.insert(messages).values(outboxRow(context, id, options.message));
  if (context.jobs.started) {
    await context.jobs.send(
      DELIVER_JOB,
      { messageId: id },
      { singletonKey: id, startAfter: options.deliverAfterSeconds, db: options.db },
    );
  }
  return id;
}

/** `queueMessage` for many messages at once: one outbox insert and one job insert, whatever their number. */
export async function queueMessages(
  context: Pick<AppContext, 'clock' | 'jobs'>,
  options: { db: DbOrTx; messages: readonly NewMessage[] },
): Promise<string[]> {
  if (options.messages.length === 0) return [];
  const rows = options.messages.map((message) => outboxRow(context, newId(), message));
  await options.db.insert(messages).values(rows);
  if (context.jobs.started) {
    await context.jobs.sendMany(
      DELIVER_JOB,
      rows.map((row) => ({ data: { messageId: row.id }, singletonKey: row.id })),
      { db: options.db },
    );
  }
  return rows.map((row) => row.id);
}

function outboxRow(context: Pick<AppContext, 'clock'>, id: string, message: NewMessage) {
  return {
    id,
    channel: message.channel,
    to: message.to.trim().toLowerCase(),
    subject: message.subject ?? '',
    text: message.text,
    html: message.html ?? null,
    createdAt: context.clock.now(),
  };
}

/** Delivers one queued message through the live provider; a second run for the same message does nothing. */
export async function deliverMessage(context: AppContext, messageId: string): Promise<'sent' | 'skipped'> {
  const { db } = context.database;
  // Claim the message: only one runner moves it from queued, so it is sent at most once.
  const claimed = await db
    .update(messages)
    .set({ attempts: sql`${messages.attempts} + 1` })
    .where(and(eq(messages.id, messageId), eq(messages.status, 'queued')))
    .returning();
  const message = claimed[0];
  if (!message) return 'skipped';
  try {
    const result =
      message.channel === 'email'
        ? await context.providers.mail.send({
            messageId: message.id,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
          })
        : await context.providers.sms.send({ messageId: message.id, to: message.to, text: message.text });
    await db
      .update(messages)
      .set({
        status: 'sent',
        sentAt: context.clock.now(),
        providerMessageId: result.providerMessageId,
        lastError: null,
      })
      .where(eq(messages.id, message.id));
    return 'sent';
  } catch (error) {
    await db
      .update(messages)
      .set({ lastError: error instanceof Error ? error.message.slice(0, 500) : 'unknown error' })
      .where(eq(messages.id, message.id));
    throw error;
  }
}

export interface OutboxItem {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: MessageRow['status'];
  createdAt: string;
}

/** The outbox, newest first, optionally for one address. */
export async function listOutbox(options: {
  db: DbOrTx;
  to?: string;
  pageNumber: number;
  pageSize: number;
}): Promise<{ items: OutboxItem[]; total: number; pageNumber: number; pageSize: number }> {
  const where = options.to ? eq(messages.to, options.to.trim().toLowerCase()) : undefined;
  const [rows, totals] = await Promise.all([
    options.db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(options.pageSize)
      .offset((options.pageNumber - 1) * options.pageSize),
    options.db.select({ total: count() }).from(messages).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    total: Number(totals[0]?.total ?? 0),
    pageNumber: options.pageNumber,
    pageSize: options.pageSize,
  };
}
