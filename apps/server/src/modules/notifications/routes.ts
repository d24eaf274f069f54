import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok } from '../../platform/http/envelope.js';
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
          querystring: z.object({
            to: z.string().max(320).optional(),
            pageNumber: z.coerce.number().int().min(1).default(1),
            pageSize: z.coerce.number().int().min(1).max(100).default(20),
          }),
          response: {
            200: envelopeSchema(
              z.object({
                items: z.array(outboxItemSchema),
                total: z.number().int(),
                pageNumber: z.number().int(),
                pageSize: z.number().int(),
              }),
            ),
            ...errorResponses,
          },
        },
      },
      async (request) => ok(await listOutbox({ db: context.database.db, ...request.query })),
    );
  };
