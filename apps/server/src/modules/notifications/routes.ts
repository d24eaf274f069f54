import { paginationQuerySchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { errorResponses, ok, pagedEnvelopeSchema } from '../../platform/http/envelope.js';
import { listOutbox } from './service.js';

const outboxItemSchema = z
  .object({
    id: z.string(),
    channel: z.enum(['email', 'sms']),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    status: z.enum(['queued', 'sent', 'failed']),
    createdAt: z.string(),
  })
  .meta({ id: 'OutboxMessage' });

/** The dev outbox: every mail and SMS Ferry sent, newest first. Not registered in production. */
export const devOutboxRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dev/outbox',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['Development'],
          summary: 'Messages sent by Ferry (development only)',
          querystring: paginationQuerySchema.extend({ to: z.string().max(320).optional() }),
          response: {
            200: pagedEnvelopeSchema(outboxItemSchema),
            ...errorResponses,
          },
        },
      },
      async (request) => ok(await listOutbox({ db: context.database.db, ...request.query })),
    );
  };
