import {
  markPrimaryBankRequestSchema,
  vendorBankAccountRequestSchema,
  vendorBankListSchema,
  vendorBankViewSchema,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { userActor } from '../activity/service.js';
import { VENDOR_MANAGE, VENDOR_READ } from '../contacts/access.js';
import { addVendorBank, listVendorBanks, markVendorBankPrimary } from './service.js';

const params = z.object({ businessId: z.string() });

/** Bank details a payer enters for a vendor not on the network (spec 002 §7 "Banks"). */
export const vendorBankRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/business/:businessId/banking/connection/vendor-account',
      {
        config: { business: { permission: VENDOR_MANAGE }, idempotency: 'required' },
        schema: {
          tags: ['Vendors'],
          summary: "Add a vendor's bank details by hand (needs an Idempotency-Key)",
          description:
            'The account number is stored encrypted; answers carry only its last 4 digits. 403 for a vendor on the Ferry network (it manages its own bank details).',
          params,
          headers: z.looseObject({ 'idempotency-key': z.string().optional() }),
          body: vendorBankAccountRequestSchema,
          response: {
            200: envelopeSchema(vendorBankViewSchema),
            409: errorBodySchema,
            422: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) =>
        ok(
          await addVendorBank(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            request: request.body,
          }),
          'Bank details added successfully.',
        ),
    );

    app.get(
      '/business/:businessId/vendor/bank-accounts',
      {
        config: { business: { permission: VENDOR_READ } },
        schema: {
          tags: ['Vendors'],
          summary: "A vendor's bank accounts (masks only; none for a network vendor)",
          params,
          querystring: z.object({ vendorId: z.string().trim().min(1) }),
          response: { 200: envelopeSchema(vendorBankListSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await listVendorBanks(context, {
            businessId: getBusiness(request).businessId,
            vendorId: request.query.vendorId,
          }),
        ),
    );

    app.patch(
      '/business/:businessId/banking/connection/vendor-account/mark-as-primary',
      {
        config: { business: { permission: VENDOR_MANAGE } },
        schema: {
          tags: ['Vendors'],
          summary: "Make one of a vendor's bank accounts its primary",
          params,
          body: markPrimaryBankRequestSchema,
          response: { 200: envelopeSchema(vendorBankListSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await markVendorBankPrimary(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            ...request.body,
          }),
          'Primary bank updated.',
        ),
    );
  };
