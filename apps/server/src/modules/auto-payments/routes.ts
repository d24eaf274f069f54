import type { AutoPaymentSide } from '@ferry/domain/payments';
import type { Subject } from '@ferry/domain/permissions';
import {
  AUTO_PAYMENT_MESSAGES,
  autoPaymentActionRequestSchema,
  autoPaymentAuthorizeRequestSchema,
  autoPaymentMappingSchema,
  autoPaymentPageQuerySchema,
  autoPaymentRequestSchema,
  autoPaymentRunSchema,
  businessesToMapQuerySchema,
  businessToMapSchema,
  contactAutoPaymentSchema,
} from '@ferry/domain/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessDenied, getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import {
  envelopeSchema,
  errorBodySchema,
  errorResponses,
  ok,
  pagedEnvelopeSchema,
} from '../../platform/http/envelope.js';
import { findContactOrThrow } from '../contacts/access.js';
import { AUTO_PAYMENT_SUBJECT } from './contact-status.js';
import { countRuns, runViews } from './engine.js';
import {
  authorizeForCaller,
  businessesToMapFor,
  controlAutoPayment,
  type MappingActor,
  mappingForCaller,
  type PayerCaller,
  requestAutoPayment,
  sendAutoPaymentReminder,
} from './service.js';
import { contactAutoPaymentView, mappingView } from './views.js';

const PAYEE_MANAGE = { permission: ['manage', AUTO_PAYMENT_SUBJECT.PAYEE] as ['manage', Subject] };
const PAYER_MANAGE = { permission: ['manage', AUTO_PAYMENT_SUBJECT.PAYER] as ['manage', Subject] };
/** The contact route: any member reaches it; the contact's type picks the right checked below. */
const EITHER_READ = {
  anyOf: [
    ['read', AUTO_PAYMENT_SUBJECT.PAYEE],
    ['read', AUTO_PAYMENT_SUBJECT.PAYER],
  ] as const,
};

const params = z.object({ businessId: z.string() });
const mappingParams = params.extend({ id: z.string() });
const idParams = z.object({ id: z.string() });

const actorOf = (request: FastifyRequest, side: AutoPaymentSide): MappingActor => {
  const user = getUser(request);
  return { side, userId: user.id, name: `${user.firstName} ${user.lastName}`.trim() };
};

const callerOf = (request: FastifyRequest): PayerCaller => ({
  user: getUser(request),
  guest: request.auth?.guest ?? null,
});

/** The auto-payment routes (issue 20; the header of packages/domain/src/schemas/auto-payments-api.ts). */
export const autoPaymentRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/business/:businessId';
    const tags = ['Auto payments'];
    const { db } = context.database;
    const mappingAnswer = { 200: envelopeSchema(autoPaymentMappingSchema), ...errorResponses };

    app.post(
      `${base}/auto-payment`,
      {
        config: { business: PAYEE_MANAGE, idempotency: 'optional' },
        schema: {
          tags,
          summary: 'Ask a customer to authorise auto payments (emails the AUTO_PAYMENT link)',
          params,
          body: autoPaymentRequestSchema,
          response: {
            201: envelopeSchema(autoPaymentMappingSchema),
            409: errorBodySchema,
            422: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const business = getBusiness(request);
        const row = await requestAutoPayment(context, {
          businessId: business.businessId,
          actor: actorOf(request, 'PAYEE'),
          customerId: request.body.customerId,
        });
        reply.code(201);
        return ok(
          await mappingView(context, db, row, { side: 'PAYEE', ability: business.ability }),
          AUTO_PAYMENT_MESSAGES.requested,
        );
      },
    );

    app.patch(
      `${base}/auto-payment/:id/send-reminder`,
      {
        config: { business: PAYEE_MANAGE },
        schema: {
          tags,
          summary: 'Send the authorisation request again (REQUESTED only; at most once an hour)',
          params: mappingParams,
          response: { ...mappingAnswer, 409: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        const row = await sendAutoPaymentReminder(context, {
          businessId: business.businessId,
          mappingId: request.params.id,
          actor: actorOf(request, 'PAYEE'),
        });
        return ok(
          await mappingView(context, db, row, { side: 'PAYEE', ability: business.ability }),
          AUTO_PAYMENT_MESSAGES.reminderSent,
        );
      },
    );

    for (const [path, side, config] of [
      ['payee-action', 'PAYEE', PAYEE_MANAGE],
      ['payer-action', 'PAYER', PAYER_MANAGE],
    ] as const) {
      app.post(
        `${base}/auto-payment/:id/${path}`,
        {
          config: { business: config },
          schema: {
            tags,
            summary: `A control of the ${side.toLowerCase()} side (pause, disable, cancel, change the method…)`,
            params: mappingParams,
            body: autoPaymentActionRequestSchema,
            response: { ...mappingAnswer, 409: errorBodySchema, 422: errorBodySchema },
          },
        },
        async (request) => {
          const business = getBusiness(request);
          const row = await controlAutoPayment(context, {
            businessId: business.businessId,
            side,
            mappingId: request.params.id,
            body: request.body,
            actor: actorOf(request, side),
            isGuest: Boolean(request.auth?.guest),
          });
          return ok(await mappingView(context, db, row, { side, ability: business.ability }));
        },
      );
    }

    app.get(
      `${base}/contacts/:contactId/auto-payment`,
      {
        config: { business: EITHER_READ },
        schema: {
          tags,
          summary: "A contact's auto payments: the mapping, its activity and upcoming auto payments",
          params: params.extend({ contactId: z.string() }),
          response: { 200: envelopeSchema(contactAutoPaymentSchema), ...errorResponses },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        const contact = await findContactOrThrow(db, {
          businessId: business.businessId,
          contactId: request.params.contactId,
        });
        const side: AutoPaymentSide = contact.type === 'CUSTOMER' ? 'PAYEE' : 'PAYER';
        if (!business.ability.can('read', AUTO_PAYMENT_SUBJECT[side])) throw accessDenied();
        return ok(
          await contactAutoPaymentView(context, {
            businessId: business.businessId,
            contactId: contact.id,
            side,
            ability: business.ability,
          }),
        );
      },
    );

    app.get(
      '/auto-payment/:id',
      {
        schema: {
          tags,
          summary: 'The mapping as the authorising payer (or a member of either side) sees it',
          params: idParams,
          response: mappingAnswer,
        },
      },
      async (request) => {
        const found = await mappingForCaller(context, {
          mappingId: request.params.id,
          caller: callerOf(request),
        });
        return ok(
          await mappingView(context, db, found.mapping, { side: found.side, ability: found.ability }),
        );
      },
    );

    app.get(
      '/auto-payment/:id/vendor',
      {
        schema: {
          tags,
          summary: 'The auto payments of this mapping, newest due date first',
          params: idParams,
          querystring: autoPaymentPageQuerySchema,
          response: { 200: pagedEnvelopeSchema(autoPaymentRunSchema), ...errorResponses },
        },
      },
      async (request) => {
        const { mapping } = await mappingForCaller(context, {
          mappingId: request.params.id,
          caller: callerOf(request),
        });
        const { pageNumber, pageSize } = request.query;
        const [items, total] = await Promise.all([
          runViews(db, { mappingId: mapping.id, pageNumber, pageSize }),
          countRuns(db, { mappingId: mapping.id }),
        ]);
        return ok({ items, total, pageNumber, pageSize });
      },
    );

    app.get(
      '/auto-payment/mapping/:id/businesses-to-map',
      {
        schema: {
          tags,
          summary: 'The businesses the caller belongs to that could authorise this mapping',
          params: idParams,
          querystring: businessesToMapQuerySchema,
          response: { 200: envelopeSchema(z.array(businessToMapSchema)), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await businessesToMapFor(context, {
            mappingId: request.params.id,
            caller: callerOf(request),
            allowGuestBusiness: request.query.allowGuestBusiness === 'true',
          }),
        ),
    );

    app.patch(
      '/auto-payment/:id',
      {
        schema: {
          tags,
          summary: 'Authorise (ACCEPTED, or HOLD until the payer business is verified) or decline',
          params: idParams,
          body: autoPaymentAuthorizeRequestSchema,
          response: { ...mappingAnswer, 409: errorBodySchema, 422: errorBodySchema },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const row = await authorizeForCaller(context, {
          mappingId: request.params.id,
          caller,
          body: request.body,
        });
        const found = await mappingForCaller(context, { mappingId: row.id, caller });
        return ok(await mappingView(context, db, row, { side: 'PAYER', ability: found.ability }));
      },
    );
  };
