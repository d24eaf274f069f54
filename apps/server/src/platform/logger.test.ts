import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { createLogger } from './logger.js';

it('logs request paths without their query string and redacts credentials', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = createLogger('info', sink);
  logger.info(
    {
      req: {
        id: 'r1',
        method: 'GET',
        url: '/reset-password?token=secret-reset-token',
        query: { token: 'secret-reset-token' },
        headers: { authorization: 'Bearer secret-session', cookie: 'ferry_session=a.b', host: 'ferry.test' },
        socket: { remoteAddress: '127.0.0.1', remotePort: 5000 },
      },
    },
    'incoming request',
  );
  const entry = JSON.parse(lines.join(''));
  expect(entry.req.url).toBe('/reset-password');
  expect(entry.req.query).toBeUndefined();
  expect(entry.req.headers.authorization).toBe('[redacted]');
  expect(entry.req.headers.cookie).toBe('[redacted]');
  expect(lines.join('')).not.toContain('secret');
});
