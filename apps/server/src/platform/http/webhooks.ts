import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from './envelope.js';
import { AppError } from './errors.js';

/**
 * A provider's webhook route: `POST path`, no session, hidden from the API reference, the JSON body kept
 * raw (a signature covers the exact bytes). `handle` verifies and acts; it answers false for a signature
 * that does not hold (401, nothing changed).
 */
export const webhookRoute =
  (
    path: string,
    handle: (request: {
      rawBody: string;
      headers: Record<string, string | string[] | undefined>;
    }) => Promise<boolean>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    app.post(path, { config: { auth: 'none' }, schema: { hide: true } }, async (request, reply) => {
      const accepted = await handle({
        rawBody: typeof request.body === 'string' ? request.body : '',
        headers: request.headers,
      });
      if (!accepted) throw new AppError('UNAUTHENTICATED', 'Invalid webhook signature.');
      return reply.send(ok({ received: true }));
    });
  };
