import { activityLogItemSchema, activityLogQuerySchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { errorResponses, ok, pagedEnvelopeSchema } from '../../platform/http/envelope.js';
import { listActivity } from './service.js';

/** The activity log of a business (spec 002 §7 "Activity logs"). */
export const activityRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/business/:businessId/user-activity-logs',
      {
        config: { business: {} },
        schema: {
          tags: ['Activity'],
          summary:
            'Activity log entries, newest first (only those the member may read); `entity` is a synonym of `entityType` (entity=approval_groups, entity=approval_policies), pages of up to 1,000',
          params: z.object({ businessId: z.string() }),
          querystring: activityLogQuerySchema,
          response: { 200: pagedEnvelopeSchema(activityLogItemSchema), ...errorResponses },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(
          await listActivity({
            db: context.database.db,
            businessId: business.businessId,
            ability: business.ability,
            ...request.query,
          }),
        );
      },
    );
  };
