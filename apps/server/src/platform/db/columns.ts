import { sql } from 'drizzle-orm';
import { char, timestamp } from 'drizzle-orm/pg-core';

/** Primary key column: 24 lowercase hex characters. */
export const idColumn = () => char('id', { length: 24 }).primaryKey();

/** A reference to another row's id. */
export const refColumn = (name: string) => char(name, { length: 24 });

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`);

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`);

export const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
