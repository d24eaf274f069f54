import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a provider SDK made to the replay server. */
export interface ReplaySeen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: string;
}

export interface ReplayAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * A local HTTP server that answers a provider SDK with recorded answers, in order (500 when none is
 * left), and keeps what the SDK sent: the real adapter runs against it as against the vendor's API.
 */
export async function startReplayServer(
  options: { missing?: unknown; headers?: Record<string, string> } = {},
) {
  const seen: ReplaySeen[] = [];
  const answers: ReplayAnswer[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        authorization: request.headers.authorization,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        body,
      });
      const answer = answers.shift() ?? {
        status: 500,
        body: options.missing ?? { error: { message: 'no recorded answer' } },
      };
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        ...options.headers,
        ...answer.headers,
      });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    baseURL: `http://127.0.0.1:${port}`,
    seen,
    /** Queues answers for the next requests. */
    answer: (...list: ReplayAnswer[]) => {
      answers.push(...list);
    },
    /** Forgets what was seen and what was queued (between tests). */
    reset: () => {
      seen.length = 0;
      answers.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ReplayServer = Awaited<ReturnType<typeof startReplayServer>>;
