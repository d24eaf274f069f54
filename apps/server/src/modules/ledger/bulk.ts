import { randomBytes } from 'node:crypto';
import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client.js';

/**
 * Many rows in one statement with ONE parameter: the rows travel as a jsonb array and come out of
 * `jsonb_to_recordset`. A multi-row VALUES binds one parameter per cell, which both ends pay for (the
 * query text and its parameters are built, sent and parsed cell by cell); the ledger and the payment
 * engine write hundreds of rows per transaction this way.
 */

/**
 * `count` new ids, as `newId` makes them (24 lowercase hex characters of random bytes), from one call
 * to the random source: a batch of rows needs hundreds at once.
 */
export function newIds(count: number): string[] {
  const hex = randomBytes(12 * count).toString('hex');
  return Array.from({ length: count }, (_, index) => hex.slice(index * 24, index * 24 + 24));
}

/** Rows per statement: keeps one jsonb parameter to a few megabytes. */
export const ROWS_PER_STATEMENT = 1_000;

export function chunked<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** A value as its column sends it to the driver (jsonb values stay objects inside the jsonb array). */
const driverValue = (column: PgColumn, value: unknown): unknown => {
  if (value === null || value === undefined || column.dataType === 'json') return value ?? null;
  return column.mapToDriverValue(value);
};

/**
 * `jsonb_to_recordset($1::jsonb) as alias(col type, …)` over `columns`; `rows` are keyed by the
 * columns' database names, with driver values (see driverValue). A key left out reads as null.
 */
export function recordset(
  alias: string,
  columns: readonly { name: string; type: string }[],
  rows: readonly Record<string, unknown>[],
): SQL {
  const definition = columns.map((column) => `"${column.name}" ${column.type}`).join(', ');
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${sql.raw(`${alias}(${definition})`)}`;
}

/** A row of `table` keyed by database column name, with driver values; undefined values left out. */
export function columnValues<T extends PgTable>(
  table: T,
  row: Partial<T['$inferSelect']>,
): Record<string, unknown> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    if (value !== undefined) values[column.name] = driverValue(column, value);
  }
  return values;
}

/**
 * INSERT INTO table (…) SELECT … FROM jsonb_to_recordset($1): `rows` in one statement, in order. The
 * columns are those the rows give; a column no row gives takes its default, one that only some rows give
 * takes its default in the others (NOT NULL columns with a default only). `onConflictDoNothing` skips
 * rows that break any unique constraint (even one with an earlier row of the same statement). Answers
 * the inserted rows (`returning` them), in no particular order.
 */
export async function insertRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: readonly T['$inferInsert'][],
  options: { onConflictDoNothing?: boolean; returning?: boolean } = {},
): Promise<T['$inferSelect'][]> {
  if (rows.length === 0) return [];
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const values = rows.map((row) => columnValues(table, row as Partial<T['$inferSelect']>));
  const columns = Object.values(all).filter((column) => values.some((row) => column.name in row));
  const selected = columns.map((column) => {
    const value = sql`v.${sql.identifier(column.name)}`;
    if (values.every((row) => column.name in row)) return value;
    if (!column.notNull || !column.hasDefault || column.default === undefined) {
      throw new Error(`insertRows: every row must give ${column.name}, or none`);
    }
    const fallback = is(column.default, SQL) ? column.default : sql`${column.default}`;
    return sql`coalesce(${value}, ${fallback})`;
  });
  const from = recordset(
    'v',
    columns.map((column) => ({ name: column.name, type: column.getSQLType() })),
    values,
  );
  const query = sql`insert into ${table} (${sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  )}) select ${sql.join(selected, sql`, `)} from ${from}`;
  if (options.onConflictDoNothing) query.append(sql` on conflict do nothing`);
  if (!options.returning) {
    await db.execute(query);
    return [];
  }
  query.append(sql` returning *`);
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(all)) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  });
}
