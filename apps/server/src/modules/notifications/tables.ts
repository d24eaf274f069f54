import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampColumn } from '../../platform/db/columns.js';

/**
 * Every mail and SMS Ferry sends. A message is written in the same transaction as the change that
 * caused it (transactional outbox) and delivered by the `notifications.deliver` job.
 */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    sentAt: timestampColumn('sent_at'),
    createdAt: createdAt(),
  },
  (table) => [index('messages_to_created_idx').on(table.to, table.createdAt)],
);

export type MessageRow = typeof messages.$inferSelect;
