import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../modules/auth/tables.js';
import { makeUser, signIn } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/** A web build as `vite build` leaves it: index.html, a hashed asset with its .br and .gz, a favicon. */
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head></html>';
const ASSET = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const ASSET_URL = '/assets/index-AbC123.js';

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  fs.writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(INDEX));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const asset = path.join(dist, 'assets', 'index-AbC123.js');
  fs.writeFileSync(asset, ASSET);
  fs.writeFileSync(`${asset}.br`, brotliCompressSync(ASSET));
  fs.writeFileSync(`${asset}.gz`, gzipSync(ASSET));
  t = await createTestApp({ webDist: dist, env: { RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '60000' } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '198.51.100.1') =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress });

describe('the web build', () => {
  it('sends the brotli copy to browsers that take it, else gzip, else the file itself', async () => {
    const br = await get(ASSET_URL, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    expect(br.rawPayload.length).toBeLessThan(ASSET.length / 10);

    const gz = await get(ASSET_URL, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);

    const plain = await get(ASSET_URL, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(ASSET);
  });

  it('keeps hashed assets for a year and has index.html revalidated on every load', async () => {
    const asset = await get(ASSET_URL, { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of ['/', '/signin', '/b/some-business/home', '/index.html']) {
      const page = await get(url, { 'accept-encoding': 'br' });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX);
    }
    const favicon = await get('/favicon.svg');
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404 for an asset that is not in the build (not the page) and does not serve the copies as files', async () => {
    const missing = await get('/assets/index-Old999.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
    expect((await get(`${ASSET_URL}.br`)).statusCode).toBe(404);
  });

  it('does not count the web files against the rate limit, which still holds for the API', async () => {
    const client = '198.51.100.77';
    const statuses = new Set<number>();
    for (let i = 0; i < 1000; i += 1) {
      const url = i % 3 === 0 ? ASSET_URL : i % 3 === 1 ? '/' : '/signin';
      statuses.add((await get(url, { 'accept-encoding': 'br' }, client)).statusCode);
    }
    expect([...statuses]).toEqual([200]);

    const api: number[] = [];
    for (let i = 0; i < 6; i += 1) api.push((await get('/api/business', {}, client)).statusCode);
    expect(api).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('does not look up the session for the web files (a page load sends it with every script request)', async () => {
    const user = await makeUser(t.context);
    const headers = await signIn(t.context, user);
    const lastSeen = async () => {
      const [row] = await t.database.db
        .select({ lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.id, headers['session-id'] ?? ''));
      return row?.lastSeenAt ?? null;
    };
    const before = await lastSeen();
    t.clock.advance(2 * 60_000);
    expect((await get(ASSET_URL, headers, '198.51.100.50')).statusCode).toBe(200);
    expect((await get('/b/some-business/home', headers, '198.51.100.50')).statusCode).toBe(200);
    expect(await lastSeen()).toEqual(before);
    // The API does read it (and marks the session as seen).
    expect((await get('/api/user', headers, '198.51.100.51')).statusCode).toBe(200);
    expect((await lastSeen())?.getTime()).toBe(t.clock.now().getTime());
  });
});
