import type { AutoPaymentSide } from '@ferry/domain/payments';
import type { Subject } from '@ferry/domain/permissions';
import {
  AUTO_PAYMENT_MESSAGES,
  autoPaymentPageQuerySchema,
  autoPaymentRunSchema,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok, pagedEnvelopeSchema } from '../../platform/http/envelope.js';
import { userActor } from '../activity/service.js';
import { countRuns, runViews, skipAutoPayment } from './engine.js';

/** The right of each side (as in views.ts): the payer's vendor auto payments, the payee's customer ones. */
const SIDE_SUBJECT: Record<AutoPaymentSide, Subject> = {
  PAYER: 'PayManageAutoPayments',
  PAYEE: 'GetPaidManageCustomerAutoPayments',
};

const params = z.object({ businessId: z.string() });
const runParams = params.extend({ autoPaymentId: z.string() });

/**
 * The auto payments themselves (issue 20; auto-payments-api.ts): the list of both sides and the payer's
 * skip. A member sees the sides its rights allow: payer rows with PayManageAutoPayments read, payee rows
 * with GetPaidManageCustomerAutoPayments read.
 */
export const autoPaymentRunRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const tags = ['Auto payments'];

    app.get(
      '/business/:businessId/auto-payments',
      {
        schema: {
          tags,
          summary: "The business's auto payments as payer and as payee, newest due date first",
          params,
          querystring: autoPaymentPageQuerySchema,
          response: { 200: pagedEnvelopeSchema(autoPaymentRunSchema), ...errorResponses },
        },
        config: {
          business: {
            anyOf: [
              ['read', SIDE_SUBJECT.PAYER],
              ['read', SIDE_SUBJECT.PAYEE],
            ],
          },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        const sides = (['PAYER', 'PAYEE'] as const).filter((side: AutoPaymentSide) =>
          business.ability.can('read', SIDE_SUBJECT[side]),
        );
        const { pageNumber, pageSize } = request.query;
        const filter = { businessId: business.businessId, sides };
        const [items, total] = await Promise.all([
          runViews(db, { ...filter, pageNumber, pageSize }),
          countRuns(db, filter),
        ]);
        return ok({ items, total, pageNumber, pageSize });
      },
    );

    app.post(
      '/business/:businessId/auto-payments/:autoPaymentId/skip',
      {
        schema: {
          tags,
          summary: 'The payer stops one upcoming auto payment; its scheduled payment is cancelled',
          params: runParams,
          response: { 200: envelopeSchema(autoPaymentRunSchema), ...errorResponses },
        },
        config: { business: { permission: ['manage', SIDE_SUBJECT.PAYER] } },
      },
      async (request) => {
        const run = await skipAutoPayment(context, {
          businessId: getBusiness(request).businessId,
          actor: userActor(getUser(request)),
          autoPaymentId: request.params.autoPaymentId,
        });
        return ok(run, AUTO_PAYMENT_MESSAGES.skipped);
      },
    );
  };
