import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { queueMessage } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('lists messages newest first, filtered by address, in the spec shape', async () => {
  const db = t.database.db;
  await queueMessage(t.context, {
    db,
    message: { channel: 'email', to: 'Ada@Example.com', subject: 'First', text: 'one', html: '<p>one</p>' },
  });
  t.clock.advance(1000);
  await queueMessage(t.context, { db, message: { channel: 'sms', to: 'ada@example.com', text: 'two' } });
  t.clock.advance(1000);
  await queueMessage(t.context, {
    db,
    message: { channel: 'email', to: 'bob@example.com', subject: 'Other', text: 'three' },
  });

  const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=ada@example.com' });
  expect(res.statusCode).toBe(200);
  const { data } = res.json();
  expect(data.total).toBe(2);
  expect(data.items.map((m: { text: string }) => m.text)).toEqual(['two', 'one']);
  expect(data.items[1]).toEqual({
    id: expect.stringMatching(/^[0-9a-f]{24}$/),
    channel: 'email',
    to: 'ada@example.com',
    subject: 'First',
    text: 'one',
    html: '<p>one</p>',
    status: 'queued',
    createdAt: expect.any(String),
  });

  const all = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?pageSize=2' });
  expect(all.json().data.total).toBe(3);
  expect(all.json().data.items).toHaveLength(2);
});

it('is not there in production', async () => {
  // A public demo: production on the sandbox providers still has no dev outbox.
  const prod = await createTestApp({
    env: { NODE_ENV: 'production', PUBLIC_URL: 'https://ferry.example', ALLOW_SANDBOX_PROVIDERS: 'true' },
  });
  try {
    const res = await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
  } finally {
    await prod.close();
  }
});
