import { GUIDED_TOURS, tourStatusRequestSchema } from '@ferry/domain/catalogues';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { getTourStatus, setTourStatus } from './tours.js';

const tourStatusSchema = z
  .object(
    Object.fromEntries(GUIDED_TOURS.map((tour) => [tour, z.boolean()])) as Record<
      (typeof GUIDED_TOURS)[number],
      z.ZodBoolean
    >,
  )
  .meta({ id: 'TourStatus' });

/** Guided tours (spec 000 §7: POST and GET /user/tour-status). */
export const tourRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/user/tour-status',
      {
        schema: {
          tags: ['Access'],
          summary: 'Which guided tours the signed-in user has completed',
          response: { 200: envelopeSchema(tourStatusSchema), ...errorResponses },
        },
      },
      async (request) => ok(await getTourStatus({ db: context.database.db, userId: getUser(request).id })),
    );

    app.post(
      '/user/tour-status',
      {
        schema: {
          tags: ['Access'],
          summary: 'Record a guided tour as completed (or to be shown again)',
          body: tourStatusRequestSchema,
          response: { 200: envelopeSchema(tourStatusSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await setTourStatus({
            db: context.database.db,
            clock: context.clock,
            userId: getUser(request).id,
            tour: request.body.tour,
            completed: request.body.completed,
          }),
          'Tour status saved',
        ),
    );
  };
