import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queueMessage, queueMessages } from '../../modules/notifications/service.js';
import { messages } from '../../modules/notifications/tables.js';
import { createTestApp, openTestContextDatabase, type TestApp } from '../../testing/test-app.js';
import type { Database } from '../db/client.js';
import { createLogger } from '../logger.js';
import { createJobs } from './jobs.js';

let database: Database;
let t: TestApp | null = null;

beforeAll(async () => {
  database = await openTestContextDatabase();
});
afterAll(async () => {
  await t?.close();
  await database.close();
});

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const readMessage = (id: string) => async () => {
  const [row] = await database.db.select().from(messages).where(eq(messages.id, id));
  return row;
};

it('runs a job once after its delay', async () => {
  t = await createTestApp({ database, jobs: true });
  const id = await queueMessage(t.context, {
    db: database.db,
    message: { channel: 'email', to: 'ops@example.com', subject: 'Hello', text: 'Hi' },
    deliverAfterSeconds: 2,
  });
  const early = await readMessage(id)();
  expect(early?.status).toBe('queued');
  const row = await waitFor(readMessage(id), (r) => r?.status === 'sent');
  expect(row?.status).toBe('sent');
  expect(row?.attempts).toBe(1);
  expect(row?.providerMessageId).toBe(`sandbox-${id}`);
  await t.close();
  t = null;
});

it('runs a delayed job once across a restart of the queue', async () => {
  const first = await createTestApp({ database, jobs: true });
  const id = await queueMessage(first.context, {
    db: database.db,
    message: { channel: 'sms', to: '+14155550123', text: 'Your code is 123456' },
    deliverAfterSeconds: 2,
  });
  // The process goes away before the job is due.
  await first.close();
  expect((await readMessage(id)())?.status).toBe('queued');

  t = await createTestApp({ database, jobs: true });
  const row = await waitFor(readMessage(id), (r) => r?.status === 'sent');
  expect(row?.status).toBe('sent');
  // Give a duplicate run every chance to happen, then check it did not.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect((await readMessage(id)())?.attempts).toBe(1);
});

it('queues a delivery inside an open transaction without blocking, and only if it commits', async () => {
  t = await createTestApp({ database, jobs: true });
  const context = t.context;
  const committed = await database.db.transaction((tx) =>
    queueMessage(context, {
      db: tx,
      message: { channel: 'email', to: 'tx@example.com', subject: 'In a transaction', text: 'Hi' },
    }),
  );
  let rolledBack = '';
  await expect(
    database.db.transaction(async (tx) => {
      rolledBack = await queueMessage(context, {
        db: tx,
        message: { channel: 'email', to: 'tx@example.com', subject: 'Undone', text: 'Hi' },
      });
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  const row = await waitFor(readMessage(committed), (r) => r?.status === 'sent');
  expect(row?.status).toBe('sent');
  expect(await readMessage(rolledBack)()).toBeUndefined();
  const jobs = await database.sql.query<{ n: string | number }>(
    "select count(*) as n from pgboss.job where name = 'notifications.deliver' and data->>'messageId' = $1",
    [rolledBack],
  );
  expect(Number(jobs.rows[0]?.n)).toBe(0);
});

it('queues many deliveries in one go inside a transaction, each sent once, and none if it rolls back', async () => {
  t = await createTestApp({ database, jobs: true });
  const context = t.context;
  const mail = (n: number) => ({
    channel: 'email' as const,
    to: `many${n}@example.com`,
    subject: `Many ${n}`,
    text: 'Hi',
  });
  const ids = await database.db.transaction((tx) =>
    queueMessages(context, { db: tx, messages: [mail(1), mail(2), mail(3)] }),
  );
  expect(ids).toHaveLength(3);
  let undone: string[] = [];
  await expect(
    database.db.transaction(async (tx) => {
      undone = await queueMessages(context, { db: tx, messages: [mail(4), mail(5)] });
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  for (const id of ids) {
    const row = await waitFor(readMessage(id), (r) => r?.status === 'sent');
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  }
  for (const id of undone) expect(await readMessage(id)()).toBeUndefined();
  const jobs = await database.sql.query<{ n: string | number }>(
    "select count(*) as n from pgboss.job where name = 'notifications.deliver' and data->>'messageId' = any($1)",
    [undone],
  );
  expect(Number(jobs.rows[0]?.n)).toBe(0);
});

// API replicas and workers start together on one PostgreSQL: each sets up the same queues and schedules.
it.skipIf(!process.env.DATABASE_URL)(
  'several processes starting their queues at once on one PostgreSQL set them up without a deadlock',
  async () => {
    const shared = await openTestContextDatabase();
    const logger = createLogger('silent');
    const processes = Array.from({ length: 4 }, () => {
      const jobs = createJobs({ database: shared, logger, maintenance: true });
      for (const name of ['race.one', 'race.two', 'race.three', 'race.four', 'race.five']) {
        jobs.register(name, async () => {}, name === 'race.one' ? { cron: '* * * * *' } : {});
      }
      return jobs;
    });
    try {
      const started = await Promise.allSettled(processes.map((jobs) => jobs.start({ work: true })));
      expect(started.filter((s) => s.status === 'rejected')).toEqual([]);
      const queues = await shared.sql.query<{ name: string }>(
        "select name from pgboss.queue where name like 'race.%' order by name",
      );
      expect(queues.rows.map((q) => q.name)).toEqual([
        'race.five',
        'race.four',
        'race.one',
        'race.three',
        'race.two',
      ]);
    } finally {
      await Promise.all(processes.map((jobs) => jobs.stop()));
      await shared.close();
    }
  },
);
