import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.js';
import { isDatabaseUnavailable } from './unavailable.js';

export type Schema = typeof schema;
/** One database type for both drivers (PGlite embedded, node-postgres for a server). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Service functions take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** Runs raw SQL for pg-boss and low-level checks, whatever the driver. */
export interface SqlExecutor {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements without parameters. */
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlExecutor;
  close(): Promise<void>;
  /** The embedded database instance (pg-boss talks to it directly). */
  pglite?: PGlite;
  /** PostgreSQL only: how to reach it (pg-boss opens its own small pool). */
  connectionString?: string;
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    sql: {
      query: async <T>(text: string, values: unknown[] = []) => {
        const result = await client.query<T>(text, values);
        return { rows: result.rows };
      },
      exec: async (text) => {
        await client.exec(text);
      },
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * The extensions every embedded database is opened with: the migrations create pg_trgm (the bills
 * search index), and a data folder that has it needs it loaded on every later open.
 */
export const PGLITE_EXTENSIONS = { pg_trgm } as const;

/** A PGlite instance with the app's extensions (in memory unless `dataDir`). */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: PGLITE_EXTENSIONS });
}

/** Opens (creating if needed) the embedded database in `dir`. */
export async function openPglite(dir: string): Promise<Database> {
  fs.mkdirSync(dir, { recursive: true });
  const client = await createPglite({ dataDir: dir });
  return wrapPglite(client);
}

/**
 * A pool on a PostgreSQL server. A connection the server ends (a restart, a failover, an administrator
 * cutting connections), idle in the pool or checked out by a transaction, is reported to `onIdleError` and
 * dropped, and the next query opens a new one; without listeners node-postgres would throw it as an uncaught
 * error and end the process.
 */
export async function openPostgres(
  connectionString: string,
  max = 10,
  onIdleError: (error: Error) => void = () => {},
  startup: {
    /** How long to wait for a server that is briefly unavailable (restarting, refusing); default 30 s. */
    waitMs?: number;
    onWait?: (error: unknown, attempt: number) => void;
  } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', onIdleError);
  // A connection ended while checked out (in a transaction between two statements) reports on the client
  // itself: its statement fails as usual, and the pool discards it when it is given back.
  pool.on('connect', (client) => client.on('error', onIdleError));
  // A server that is restarting or refusing connections is waited for (a process started again during a
  // PostgreSQL restart must not exit); anything else — a wrong password, an unknown database — fails at once.
  const deadline = Date.now() + (startup.waitMs ?? 30_000);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const probe = await pool.connect();
      probe.release();
      break;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() >= deadline) {
        await pool.end().catch(() => {});
        throw error;
      }
      startup.onWait?.(error, attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * attempt, 2_000)));
    }
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    connectionString,
    sql: {
      query: async <T>(text: string, values: unknown[] = []) => {
        const result = await pool.query(text, values);
        return { rows: result.rows as T[] };
      },
      exec: async (text) => {
        await pool.query(text);
      },
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL error code of a failed query (drizzle wraps driver errors: the code is on `cause`). */
export function getPgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';
