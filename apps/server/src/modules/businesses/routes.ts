import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { getBusinessSummary, listBusinessesForUser } from './service.js';

const businessSummarySchema = z
  .object({
    id: z.string(),
    businessId: z.string(),
    businessName: z.string(),
    businessType: z.string().nullable(),
    category: z.string().nullable(),
    country: z.string().nullable(),
    verificationStep: z.string(),
    status: z.string().nullable(),
    role: z.string(),
    permissions: z.array(z.string()),
  })
  .meta({ id: 'BusinessSummary' });

export const businessRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/business',
      {
        schema: {
          tags: ['Businesses'],
          summary: 'The businesses the signed-in user belongs to',
          response: { 200: envelopeSchema(z.array(businessSummarySchema)), ...errorResponses },
        },
      },
      async (request) =>
        ok(await listBusinessesForUser({ db: context.database.db, userId: getUser(request).id })),
    );

    app.get(
      '/business/:businessId',
      {
        config: { business: {} },
        schema: {
          tags: ['Businesses'],
          summary: 'One business the user belongs to',
          params: z.object({ businessId: z.string() }),
          response: { 200: envelopeSchema(businessSummarySchema), ...errorResponses },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(
          await getBusinessSummary({
            db: context.database.db,
            businessId: business.businessId,
            role: { name: business.roleName, permissions: business.permissions },
          }),
        );
      },
    );
  };
