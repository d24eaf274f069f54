import { expect, test } from '@playwright/test';
import { ApiDocsPage, AppPage } from '../pages/app-page.js';

test('the app opens on its welcome page without script errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const app = new AppPage(page);
  await app.open('/');
  await expect(page).toHaveTitle(/Ferry/);
  await expect(page.getByText('Get paid faster').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('health reports the embedded database ready and migrations current', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.status).toBe(true);
  expect(body.data.database).toMatchObject({ reachable: true, kind: 'pglite' });
  expect(body.data.migrations.current).toBe(true);
});

test('the API reference lists the API from its OpenAPI document', async ({ page }) => {
  const docs = new ApiDocsPage(page);
  await docs.open();
  await expect(page.getByText('Ferry API').first()).toBeVisible();
  await expect(docs.operation('/api/health')).toBeVisible();
  await docs.filter('Businesses');
  await expect(docs.operation('/api/business/{businessId}')).toBeVisible();
});

test('an unknown page shows the not-found page, an unknown API route the error object', async ({
  page,
  request,
}) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
  const res = await request.get('/api/no/such/route');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ statusCode: 404, errorCode: 'ROUTE_NOT_FOUND', errors: [] });
});

test('the dev outbox page lists messages', async ({ page }) => {
  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { name: /outbox/i })).toBeVisible();
});
