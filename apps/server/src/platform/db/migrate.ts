import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';

/** The migrations folder, found both from source (src/platform/db) and from the bundle (dist/). */
export function findMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function applyMigrations(database: Database): Promise<void> {
  const migrationsFolder = findMigrationsFolder();
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific database type.
    await migratePglite(database.db as any, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific database type.
    await migrateNodePg(database.db as any, { migrationsFolder });
  }
}

export interface MigrationStatus {
  applied: number;
  expected: number;
  current: boolean;
}

/** Compares the migrations recorded in the database with the ones shipped. */
export async function getMigrationStatus(database: Database): Promise<MigrationStatus> {
  const journal = JSON.parse(
    fs.readFileSync(path.join(findMigrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  let applied = 0;
  try {
    const result = await database.sql.query<{ count: string | number }>(
      'select count(*) as count from drizzle.__drizzle_migrations',
    );
    applied = Number(result.rows[0]?.count ?? 0);
  } catch {
    applied = 0;
  }
  const expected = journal.entries.length;
  return { applied, expected, current: applied === expected };
}
