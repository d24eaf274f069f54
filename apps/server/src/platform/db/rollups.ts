import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
  pgTable,
  primaryKey,
} from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';
import { refColumn } from './columns.js';

/**
 * Append-only rollups: counts and sums per business kept by statement-level triggers, so a summary adds
 * up a few thousand rows however many rows the business has. Each rollup is two tables with the same
 * columns (`business_id`, its keys, its measures): the folded-in totals (`rollup`, keyed by business and
 * keys) and the changes appended since (`deltas`, one row per statement and key, written by triggers in
 * the writer's own transaction). Writers only append, so concurrent writers never wait on each other nor
 * deadlock on a shared counter row. Reads add both tables up in one statement (one consistent state);
 * once a read meets more than COMPACT_AFTER appended rows it folds them in, and a job folds in the rest
 * (`compactAllRollups`) for businesses that are written to but seldom read.
 */

/** Appended rows a read tolerates before folding them into the rollup. */
export const COMPACT_AFTER = 500;

// biome-ignore lint/suspicious/noExplicitAny: a rollup table of any shape (its columns are named below).
type RollupTable = PgTableWithColumns<any>;

export interface RollupSpec {
  /** Names the rollup's advisory lock and the subquery a read selects from. */
  name: string;
  rollup: RollupTable;
  deltas: RollupTable;
  /** Property names of the key columns (besides businessId), in the rollup's primary-key order. */
  keys: readonly string[];
  /** Property names of the measures (bigint counts and cents). */
  measures: readonly string[];
}

const column = (table: RollupTable, property: string) => sql.identifier(table[property].name);

const columnList = (table: RollupTable, properties: readonly string[]) =>
  sql.join(
    properties.map((p) => column(table, p)),
    sql`, `,
  );

/**
 * The rollup rows and the appended rows of the business that `filter` keeps, as one subquery named after
 * the rollup, with its key and measure columns (by their column names) and `pending` (1 for an appended
 * row). Add it up with `sum(...)`; `pendingRows(spec)` counts the appended rows met.
 */
export function rollupSource(
  spec: RollupSpec,
  businessId: string,
  filter: (table: RollupTable) => (SQL | undefined)[] = () => [],
): SQL {
  const part = (table: RollupTable, pending: 0 | 1) =>
    sql`select ${columnList(table, [...spec.keys, ...spec.measures])}, ${sql.raw(String(pending))} as pending
      from ${table} where ${and(eq(table.businessId, businessId), ...filter(table))}`;
  return sql`(${part(spec.rollup, 0)} union all ${part(spec.deltas, 1)}) as ${sql.identifier(spec.name)}`;
}

/** A column of the rollup's subquery, by property name. */
export const rollupColumn = (spec: RollupSpec, property: string) =>
  sql`${sql.identifier(spec.name)}.${column(spec.rollup, property)}`;

/** How many appended rows a read over `rollupSource` met. */
export const pendingRows = (spec: RollupSpec) =>
  sql<string>`count(*) filter (where ${sql.identifier(spec.name)}.pending = 1)`;

/**
 * Folds the business's appended rows into the rollup: one statement deletes them and adds them up into
 * the rollup rows (in key order). One compaction per business and rollup at a time (a transaction-level
 * advisory lock; a second one finds it taken and leaves). Writers only append, so they never wait for it.
 */
export async function compactRollup(db: DbOrTx, spec: RollupSpec, businessId: string): Promise<void> {
  const keys = columnList(spec.deltas, spec.keys);
  const measures = columnList(spec.deltas, spec.measures);
  const sums = sql.join(
    spec.measures.map((m) => sql`sum(${column(spec.deltas, m)})`),
    sql`, `,
  );
  const adds = sql.join(
    spec.measures.map((m) => {
      const c = column(spec.rollup, m);
      return sql`${c} = r.${c} + excluded.${c}`;
    }),
    sql`, `,
  );
  const businessColumn = column(spec.rollup, 'businessId');
  await db.transaction(async (tx) => {
    const [lock] = await tx
      .select({
        ok: sql<boolean>`pg_try_advisory_xact_lock(hashtext(${spec.name}), hashtext(${businessId}))`,
      })
      .from(sql`(select 1) as one`);
    if (!lock?.ok) return;
    await tx.execute(sql`with moved as (
        delete from ${spec.deltas} where ${eq(spec.deltas.businessId, businessId)}
        returning ${keys}, ${measures}
      )
      insert into ${spec.rollup} as r (${businessColumn}, ${columnList(spec.rollup, spec.keys)}, ${columnList(spec.rollup, spec.measures)})
      select ${businessId}, ${keys}, ${sums}
      from moved
      group by ${keys}
      order by ${keys}
      on conflict (${businessColumn}, ${columnList(spec.rollup, spec.keys)}) do update set ${adds}`);
  });
}

/** Folds the appended rows in when a read met too many of them (the read's answer is already exact). */
export async function compactIfNeeded(
  db: DbOrTx,
  spec: RollupSpec,
  businessId: string,
  pending: string | number | null | undefined,
): Promise<void> {
  if (Number(pending ?? 0) > COMPACT_AFTER) await compactRollup(db, spec, businessId);
}

/** Folds in every business's appended rows (the periodic job): returns how many businesses it folded. */
export async function compactAllRollups(db: DbOrTx, specs: readonly RollupSpec[]): Promise<number> {
  let folded = 0;
  for (const spec of specs) {
    const rows = await db
      .selectDistinct({ businessId: spec.deltas.businessId })
      .from(spec.deltas)
      .orderBy(spec.deltas.businessId);
    for (const row of rows) {
      await compactRollup(db, spec, row.businessId as string);
      folded += 1;
    }
  }
  return folded;
}

/**
 * The two tables of a rollup with the same columns: `business_id` (referencing `business`, deleted with
 * it), then `columns()` (keys then measures; called once per table, as a column builder belongs to one
 * table). The rollup's primary key is the business and `keys`; the deltas get an identity id and an index
 * on the business then `deltasIndex`.
 */
export function rollupTables<C extends Record<string, PgColumnBuilderBase>>(options: {
  rollup: string;
  deltas: string;
  business: () => AnyPgColumn;
  columns: () => C;
  keys: readonly (keyof C & string)[];
  deltasIndex?: readonly (keyof C & string)[];
}) {
  const businessId = () =>
    refColumn('business_id').notNull().references(options.business, { onDelete: 'cascade' });
  const rollup = pgTable(options.rollup, { businessId: businessId(), ...options.columns() }, (table) => {
    const columns = table as unknown as Record<string, AnyPgColumn>;
    const [first, ...rest] = [table.businessId, ...options.keys.map((k) => columns[k] as AnyPgColumn)];
    return [primaryKey({ columns: [first as AnyPgColumn, ...rest] })];
  });
  const deltas = pgTable(
    options.deltas,
    {
      id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
      businessId: businessId(),
      ...options.columns(),
    },
    (table) => {
      const columns = table as unknown as Record<string, AnyPgColumn>;
      const [first, ...rest] = [
        table.businessId,
        ...(options.deltasIndex ?? []).map((k) => columns[k] as AnyPgColumn),
      ];
      return [index(`${options.deltas}_business_idx`).on(first as AnyPgColumn, ...rest)];
    },
  );
  return { rollup, deltas };
}
