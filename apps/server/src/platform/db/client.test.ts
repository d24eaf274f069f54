import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestContextDatabase } from '../../testing/test-app.js';
import { type Database, openPostgres } from './client.js';

// A restart or failover of PostgreSQL ends the pool's idle connections: the process must carry on.
const url = process.env.DATABASE_URL;
let template: Database | null = null;
beforeAll(async () => {
  if (url) template = await openTestContextDatabase();
});
afterAll(async () => {
  await template?.close();
});

it.skipIf(!url)(
  'survives the server ending its idle connections, and queries again on new ones',
  async () => {
    const connectionString = template?.connectionString;
    if (!connectionString) throw new Error('no test database');
    const idleErrors: Error[] = [];
    const database = await openPostgres(connectionString, 4, (error) => idleErrors.push(error));
    try {
      // Four connections in the pool, all idle afterwards.
      await Promise.all(Array.from({ length: 4 }, () => database.sql.query('select pg_sleep(0.05)')));
      const name = new URL(connectionString).pathname.slice(1);
      const admin = await openPostgres(url as string, 1);
      try {
        const cut = await admin.sql.query<{ n: number }>(
          'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        expect(cut.rows[0]?.n).toBeGreaterThanOrEqual(4);
      } finally {
        await admin.close();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(idleErrors.length).toBeGreaterThanOrEqual(1);
      const again = await database.sql.query<{ one: number }>('select 1 as one');
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  },
);

it.skipIf(!url)(
  'survives the server ending a connection a transaction holds between two statements',
  async () => {
    const connectionString = template?.connectionString;
    if (!connectionString) throw new Error('no test database');
    const errors: Error[] = [];
    const database = await openPostgres(connectionString, 2, (error) => errors.push(error));
    try {
      let inside: () => void = () => {};
      const holding = new Promise<void>((resolve) => {
        inside = resolve;
      });
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute('select 1');
        inside();
        await released;
        await tx.execute('select 2');
      });
      await holding;
      const name = new URL(connectionString).pathname.slice(1);
      const admin = await openPostgres(url as string, 1);
      try {
        await admin.sql.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
      } finally {
        await admin.close();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await expect(transaction).rejects.toThrow();
      expect(errors.length).toBeGreaterThanOrEqual(1);
      expect((await database.sql.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  },
);

it('waits a bounded time for a server that refuses connections, then reports it', async () => {
  // Nothing listens on this port: every attempt is refused (ECONNREFUSED), a transient failure.
  const waits: number[] = [];
  const started = Date.now();
  await expect(
    openPostgres('postgres://nobody:nothing@127.0.0.1:1/none', 1, undefined, {
      waitMs: 1_200,
      onWait: (_error, attempt) => waits.push(attempt),
    }),
  ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  expect(waits.length).toBeGreaterThanOrEqual(2);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
});

it.skipIf(!url)('fails at once when the failure is not transient (a wrong password)', async () => {
  const target = new URL(template?.connectionString ?? '');
  target.password = 'not-the-password';
  const waits: number[] = [];
  await expect(
    openPostgres(target.toString(), 1, undefined, {
      waitMs: 5_000,
      onWait: (_e, attempt) => waits.push(attempt),
    }),
  ).rejects.toMatchObject({ code: '28P01' });
  expect(waits).toEqual([]);
});
