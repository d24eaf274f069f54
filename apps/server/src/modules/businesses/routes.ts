import { businessDetailsRequestSchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import {
  BUSINESS_PROFILE_PERMISSION,
  createBusinessForUser,
  getBusinessFeatures,
  getBusinessSummary,
  listBusinessesForUser,
  updateBusinessDetails,
} from './service.js';

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
    onboardingState: z.string(),
    role: z.string(),
    permissions: z.array(z.string()),
    detailsLocked: z.boolean(),
    isMappingPending: z.boolean(),
    provider: z.string().nullable(),
    businessConnections: z.array(
      z.object({ integrationType: z.literal('ACCOUNTING'), status: z.enum(['CONNECTED', 'EXPIRED']) }),
    ),
    syncStatus: z.string().nullable(),
    syncDate: z.string().nullable(),
    autoSync: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'BusinessSummary' });

const businessFeaturesSchema = z
  .object({
    businessId: z.string(),
    verificationStep: z.string(),
    verificationStatus: z.string().nullable(),
    isVerified: z.boolean(),
    features: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        requiresVerification: z.boolean(),
        enabled: z.boolean(),
        reason: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'BusinessFeatures' });

const businessParams = z.object({ businessId: z.string() });

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

    /**
     * Business onboarding: creates a business from the details form; the user becomes its Admin. The
     * spec's client reads `data.businessId`; `id` and `country` are the same as the update answers, so
     * the next step (link-bank for US or no country, else completed) can be chosen from either.
     */
    app.post(
      '/business',
      {
        schema: {
          tags: ['Businesses'],
          summary: 'Create a business (onboarding details step)',
          body: businessDetailsRequestSchema,
          response: {
            201: envelopeSchema(
              z.object({ businessId: z.string(), id: z.string(), country: z.string().nullable() }),
            ),
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const created = await createBusinessForUser({
          db: context.database.db,
          clock: context.clock,
          user: getUser(request),
          details: request.body,
        });
        reply.code(201);
        return ok(
          { businessId: created.businessId, id: created.businessId, country: created.country },
          'Business created',
        );
      },
    );

    app.get(
      '/business/:businessId',
      {
        config: { business: {} },
        schema: {
          tags: ['Businesses'],
          summary: 'One business the user belongs to',
          params: businessParams,
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

    /** Business onboarding: changes name, type and category while verification has not started. */
    app.patch(
      '/business/:businessId',
      {
        config: { business: { permission: BUSINESS_PROFILE_PERMISSION } },
        schema: {
          tags: ['Businesses'],
          summary: 'Update the business details (only before verification starts)',
          params: businessParams,
          body: businessDetailsRequestSchema,
          response: {
            200: envelopeSchema(z.object({ id: z.string(), country: z.string().nullable() })),
            409: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) =>
        ok(
          await updateBusinessDetails({
            db: context.database.db,
            clock: context.clock,
            businessId: getBusiness(request).businessId,
            details: request.body,
          }),
          'Business updated',
        ),
    );

    app.get(
      '/business/:businessId/features',
      {
        config: { business: {} },
        schema: {
          tags: ['Businesses'],
          summary: 'Which features the business may use (money-moving ones need verification)',
          params: businessParams,
          response: { 200: envelopeSchema(businessFeaturesSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getBusinessFeatures({ db: context.database.db, businessId: getBusiness(request).businessId }),
        ),
    );
  };
