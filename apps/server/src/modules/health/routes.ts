import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { getMigrationStatus } from '../../platform/db/migrate.js';
import { envelopeSchema, errorResponses } from '../../platform/http/envelope.js';
import { APP_VERSION } from '../../platform/version.js';

const healthSchema = z
  .object({
    database: z.object({
      reachable: z.boolean(),
      kind: z.enum(['pglite', 'postgres']),
      latencyMs: z.number(),
    }),
    migrations: z.object({ applied: z.number().int(), expected: z.number().int(), current: z.boolean() }),
    jobs: z.object({ running: z.boolean() }),
    version: z.string(),
  })
  .meta({ id: 'Health' });

export const healthRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        config: { auth: 'none', rateLimit: false },
        schema: {
          tags: ['Health'],
          summary: 'Database reachable, migrations current, version (503 while unhealthy or stopping)',
          response: {
            200: envelopeSchema(healthSchema),
            503: envelopeSchema(healthSchema),
            500: errorResponses[500],
          },
        },
      },
      async (_request, reply) => {
        const started = performance.now();
        let reachable = true;
        try {
          await context.database.sql.query('select 1');
        } catch {
          reachable = false;
        }
        const latencyMs = Math.round((performance.now() - started) * 100) / 100;
        const migrations = reachable
          ? await getMigrationStatus(context.database)
          : { applied: 0, expected: 0, current: false };
        // While stopping (the drain of a graceful stop) the process still answers, but a load balancer
        // should send nothing new here.
        const stopping = app.lifecycle.stopping;
        const healthy = reachable && migrations.current && !stopping;
        reply.code(healthy ? 200 : 503);
        return {
          status: true as const,
          message: healthy ? 'OK' : stopping ? 'Stopping' : 'Unhealthy',
          data: {
            database: { reachable, kind: context.database.kind, latencyMs },
            migrations,
            jobs: { running: context.jobs.started },
            version: APP_VERSION,
          },
        };
      },
    );
  };
