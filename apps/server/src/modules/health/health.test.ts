import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reports the database reachable and migrations current', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  const { data } = res.json();
  expect(data.database.reachable).toBe(true);
  expect(data.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  expect(data.migrations.current).toBe(true);
  expect(data.migrations.applied).toBeGreaterThan(0);
  expect(data.version).toMatch(/^\d+\.\d+\.\d+/);
});

it('answers 503 Stopping, and closes the connection, while a graceful stop drains', async () => {
  t.app.lifecycle.stopping = true;
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Stopping');
    expect(res.headers.connection).toBe('close');
    const other = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(other.statusCode).toBe(200);
    expect(other.headers.connection).toBe('close');
  } finally {
    t.app.lifecycle.stopping = false;
  }
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.headers.connection).not.toBe('close');
});

it('answers 503 when a migration is missing', async () => {
  await t.database.sql.query(
    'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)',
  );
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(503);
  expect(res.json().data.migrations.current).toBe(false);
});
