import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.js';

// A graceful stop (SIGTERM → app.close()): requests in flight finish, and the close does not wait out the
// keep-alive timeout of the sockets they came on (bench/results/load.md: the process was killed at 15 s).
describe('graceful close', () => {
  it('finishes a request in flight, answers it with Connection: close and closes at once', async () => {
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const t = await createTestApp({
      extraRoutes: (app) => {
        app.get('/test-slow', async () => {
          entered();
          await released;
          return { done: true };
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    const answer = new Promise<{ status: number; connection: string | undefined; body: string }>(
      (resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/test-slow', agent }, (res) => {
            let body = '';
            res.on('data', (chunk) => {
              body += chunk;
            });
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
            );
          })
          .on('error', reject);
      },
    );
    await inHandler;
    const started = Date.now();
    const closed = t.app.close();
    await sleep(50);
    release();
    const result = await answer;
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ done: true });
    expect(result.connection).toBe('close');
    // Without Connection: close the kept-alive socket holds the close for the keep-alive timeout (72 s).
    const outcome = await Promise.race([closed.then(() => 'closed'), sleep(5_000).then(() => 'still open')]);
    expect(outcome).toBe('closed');
    expect(Date.now() - started).toBeLessThan(5_000);
    agent.destroy();
    await t.close();
  });
});
