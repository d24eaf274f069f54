import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import {
  createPglite,
  type Database,
  getPgErrorCode,
  openPostgres,
  wrapPglite,
} from '../platform/db/client.js';
import { applyMigrations } from '../platform/db/migrate.js';

/**
 * Test databases start from a template that is migrated once per run: a PGlite data-folder dump, or a
 * PostgreSQL template database when DATABASE_URL is set.
 */
export interface TemplateInfo {
  kind: 'pglite' | 'postgres';
  /** PGlite: the dump file. PostgreSQL: the template database's name. */
  ref: string;
}

function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A test database's connections commit without waiting for the WAL flush (`synchronous_commit=off`): the
 * suite's thousands of small transactions stop waiting on the disk. Nothing a test checks depends on a
 * commit surviving a crash of the server (the fault benches check that, on the real settings).
 */
function withoutCommitWait(connectionString: string): string {
  const url = new URL(connectionString);
  url.searchParams.set('options', '-c synchronous_commit=off');
  return url.toString();
}

async function adminQuery(connectionString: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const PG_OBJECT_IN_USE = '55006';

/**
 * Drops a test database once its last connection is gone. `pool.end()` resolves before the closing
 * connections have left the server, and a forced drop would kill them mid-goodbye (an unhandled
 * 57P01 on a client nobody listens to any more); so wait for them, and force only as a last resort.
 */
async function dropDatabase(connectionString: string, name: string): Promise<void> {
  // PostgreSQL itself waits up to 5 s for other sessions before refusing a drop (55006).
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await adminQuery(connectionString, `drop database if exists ${name}`);
      return;
    } catch (error) {
      if (getPgErrorCode(error) !== PG_OBJECT_IN_USE) throw error;
    }
  }
  await adminQuery(connectionString, `drop database if exists ${name} with (force)`);
}

export async function createTemplate(options: {
  dumpPath: string;
  databaseUrl?: string;
}): Promise<TemplateInfo> {
  if (options.databaseUrl) {
    const name = `ferry_tpl_${randomBytes(4).toString('hex')}`;
    await adminQuery(options.databaseUrl, `create database ${name}`);
    const database = await openPostgres(withDatabase(options.databaseUrl, name), 2);
    try {
      await applyMigrations(database);
    } finally {
      await database.close();
    }
    return { kind: 'postgres', ref: name };
  }
  const client = await createPglite();
  const database = wrapPglite(client);
  await applyMigrations(database);
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(options.dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return { kind: 'pglite', ref: options.dumpPath };
}

export async function dropTemplate(template: TemplateInfo, databaseUrl?: string): Promise<void> {
  if (template.kind === 'postgres' && databaseUrl) {
    await adminQuery(databaseUrl, `drop database if exists ${template.ref} with (force)`);
  } else {
    fs.rmSync(template.ref, { force: true });
  }
}

/** A fresh, migrated database for one test file (dropped again by `close`). */
export async function openTestDatabase(template: TemplateInfo, databaseUrl?: string): Promise<Database> {
  if (template.kind === 'postgres') {
    if (!databaseUrl) throw new Error('DATABASE_URL is needed for a PostgreSQL test database');
    const name = `ferry_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(databaseUrl, `create database ${name} template ${template.ref}`);
    const database = await openPostgres(withoutCommitWait(withDatabase(databaseUrl, name)), 10);
    return {
      ...database,
      close: async () => {
        await database.close();
        await dropDatabase(databaseUrl, name);
      },
    };
  }
  const dump = fs.readFileSync(template.ref);
  const client = await createPglite({ loadDataDir: new Blob([dump]) });
  return wrapPglite(client);
}
