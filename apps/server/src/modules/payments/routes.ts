import type { Subject } from '@ferry/domain/permissions';
import {
  bulkScheduleRequestSchema,
  bulkScheduleResultSchema,
  cancelPaymentRequestSchema,
  createPaymentRequestSchema,
  MARK_AS_PAID_TYPES,
  markAsPaidRequestSchema,
  multiplePaymentsQuerySchema,
  type PaymentsListQuery,
  type PaymentsQuery,
  payContextQuerySchema,
  payContextSchema,
  paymentDetailSchema,
  paymentsListQuerySchema,
  paymentsSummarySchema,
  paymentViewSchema,
  type ReceivedPaymentsQuery,
  reattemptPaymentRequestSchema,
  receivedPaymentDetailSchema,
  receivedPaymentsSummarySchema,
  receivedPaymentViewSchema,
  reschedulePaymentRequestSchema,
  transferSpeedRequestSchema,
  transferSpeedViewSchema,
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
import { AppError } from '../../platform/http/errors.js';
import { webhookRoute } from '../../platform/http/webhooks.js';
import { userActor } from '../activity/service.js';
import { registerInvoicePaymentRoute } from '../invoices/routes.js';
import { getReceivedPayment, listReceivedPayments, receivedPaymentsSummary } from './received.js';
import {
  bulkSchedule,
  cancelPayment,
  createPayment,
  getPaymentDetail,
  getPayments,
  listPayments,
  markAsPaid,
  payContext,
  paymentNotFound,
  paymentsSummary,
  reattemptPayment,
  reschedulePayment,
  resendAcceptReminder,
  transferSpeeds,
} from './service.js';

export const PAYMENTS_READ: ['read', Subject] = ['read', 'PayPayments'];
export const PAYMENTS_MANAGE: ['manage', Subject] = ['manage', 'PayApproveAndPayBills'];
export const MARK_PAID_MANAGE: ['manage', Subject] = ['manage', 'PayDueBill'];
export const RECEIVED_READ: ['read', Subject] = ['read', 'GetPaidPaymentsReceived'];

type ListQuery = Omit<PaymentsListQuery, 'payeeId'>;

const sideError = (field: 'sortBy' | 'filterType', value: string) =>
  new AppError('VALIDATION_ERROR', `Invalid ${field}: ${value}`, {
    errors: [{ field, message: `Invalid ${field}: ${value}` }],
  });

/** The payer side of the list query: its own sort keys and filters only. */
function payerQueryOf(query: ListQuery): PaymentsQuery {
  const { customerName: _customer, sortBy = 'dueDate', filterType, ...rest } = query;
  if (sortBy === 'customerName') throw sideError('sortBy', sortBy);
  if (filterType === 'RECEIVED') throw sideError('filterType', filterType);
  return { ...rest, sortBy, filterType };
}

/** The payee side of the list query: customerName, the received sort keys and filters. */
function receivedQueryOf(query: ListQuery): ReceivedPaymentsQuery {
  const { sortBy = 'processDate', filterType } = query;
  if (sortBy === 'vendorName') throw sideError('sortBy', sortBy);
  if (filterType === 'SCHEDULED') throw sideError('filterType', filterType);
  return {
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    sortBy,
    sortOrder: query.sortOrder,
    customerName: query.customerName,
    filterType,
    status: query.status,
  };
}

const params = z.object({ businessId: z.string() });
const paymentParams = params.extend({ paymentId: z.string() });
const idempotencyHeader = z.looseObject({ 'idempotency-key': z.string().optional() });

const keyOf = (request: FastifyRequest): string | null => {
  const header = request.headers['idempotency-key'];
  return (Array.isArray(header) ? header[0] : header) ?? null;
};

const writeResponses = {
  409: errorBodySchema,
  422: errorBodySchema,
  ...errorResponses,
};

/** Payments of the payer (spec 002 §2–§5, §7 "Payments"): schedule, list, change, mark as paid. */
export const paymentRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/business/:businessId';
    const tags = ['Payments'];

    app.post(
      `${base}/payments`,
      {
        config: { business: { permission: PAYMENTS_MANAGE }, idempotency: 'required' },
        schema: {
          tags,
          summary: 'Pay a bill (needs an Idempotency-Key)',
          description:
            'Amount at most the bill’s unscheduled balance (422 AMOUNT_ABOVE_BALANCE); a verified bank (422 UNVERIFIED_BANK) or a card (STANDARD only, fee added when the payee surcharges); process date a business day from today (New York) to 3 months ahead (422 INVALID_PROCESS_DATE); speed allowed (422 SPEED_NOT_ALLOWED). Starts IN_QUEUE for an unverified business, PENDING awaiting the vendor when it has no bank, HOLD during a vendor bank change hold, else SCHEDULED.',
          params,
          headers: idempotencyHeader,
          body: createPaymentRequestSchema,
          response: { 201: envelopeSchema(paymentViewSchema), ...writeResponses },
        },
      },
      async (request, reply) => {
        const view = await createPayment(context, {
          businessId: getBusiness(request).businessId,
          actor: userActor(getUser(request)),
          idempotencyKey: keyOf(request),
          request: request.body,
        });
        reply.code(201);
        return ok(view, 'Payment scheduled successfully.');
      },
    );

    app.post(
      `${base}/payments/bulk-schedule`,
      {
        config: { business: { permission: PAYMENTS_MANAGE }, idempotency: 'required' },
        schema: {
          tags,
          summary: 'Pay several bills, one payment each (needs an Idempotency-Key)',
          description: 'Each bill is all-or-nothing on its own; the answer gives a result per bill.',
          params,
          headers: idempotencyHeader,
          body: bulkScheduleRequestSchema,
          response: { 200: envelopeSchema(bulkScheduleResultSchema), ...writeResponses },
        },
      },
      async (request) => {
        const result = await bulkSchedule(context, {
          businessId: getBusiness(request).businessId,
          actor: userActor(getUser(request)),
          idempotencyKey: keyOf(request),
          requests: request.body.payments,
        });
        const done = result.results.filter((r) => r.ok).length;
        return ok(result, `${done} of ${result.results.length} payments scheduled.`);
      },
    );

    app.post(
      `${base}/payments/transfer/speed`,
      {
        config: { business: { permission: PAYMENTS_MANAGE } },
        schema: {
          tags,
          summary: 'Delivery speeds a payment may use, with process and delivery dates',
          params,
          body: transferSpeedRequestSchema,
          response: { 200: envelopeSchema(transferSpeedViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await transferSpeeds(context, {
            businessId: getBusiness(request).businessId,
            request: request.body,
          }),
        ),
    );

    app.get(
      `${base}/payments/pay-context`,
      {
        // The bill page's readers: due bills, payments or paying.
        config: {
          business: { anyOf: [['read', 'PayDueBill'], ['read', 'PayPayments'], PAYMENTS_MANAGE] },
        },
        schema: {
          tags,
          summary: 'The business day today on the rails’ clock and the bank the bill’s vendor is paid into',
          params,
          querystring: payContextQuerySchema,
          response: { 200: envelopeSchema(payContextSchema), ...errorResponses },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(
          await payContext(context, { businessId: business.businessId, billId: request.query.billId }),
        );
      },
    );

    app.get(
      `${base}/payments`,
      {
        // The payer's payments (PayPayments) or, with payeeId, the payments it receives (Get Paid).
        config: { business: { anyOf: [PAYMENTS_READ, RECEIVED_READ] } },
        schema: {
          tags,
          summary:
            'The business’s payments, or with payeeId the payments it receives (filters, sorting, paging)',
          description:
            'Without payeeId: the payments the business makes (read PayPayments; due date descending by default; vendorName). With payeeId (the route’s business, else 404): the payments its customers make to it, on the receiving side (read GetPaidPaymentsReceived; process date descending by default; customerName, filterType PROCESSING, RECEIVED or ATTENTION_REQUIRED).',
          params,
          querystring: paymentsListQuerySchema,
          response: {
            200: pagedEnvelopeSchema(z.union([paymentViewSchema, receivedPaymentViewSchema])),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        const { payeeId, ...query } = request.query;
        if (payeeId !== undefined) {
          if (payeeId !== business.businessId) throw paymentNotFound();
          if (!business.ability.can(...RECEIVED_READ)) throw accessDenied();
          return ok(
            await listReceivedPayments(context, {
              businessId: business.businessId,
              query: receivedQueryOf(query),
            }),
          );
        }
        if (!business.ability.can(...PAYMENTS_READ)) throw accessDenied();
        return ok(
          await listPayments(context, { businessId: business.businessId, query: payerQueryOf(query) }),
        );
      },
    );

    app.get(
      `${base}/payments/received/:paymentId`,
      {
        config: { business: { permission: RECEIVED_READ } },
        schema: {
          tags,
          summary: 'A payment the business receives, with the receiving side’s timeline',
          params: paymentParams,
          response: { 200: envelopeSchema(receivedPaymentDetailSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getReceivedPayment(context, {
            businessId: getBusiness(request).businessId,
            paymentId: request.params.paymentId,
          }),
        ),
    );

    app.get(
      `${base}/invoices/summary/payments`,
      {
        config: { business: { permission: RECEIVED_READ } },
        schema: {
          tags,
          summary: 'Get Paid Payments tab summary cards: processing, received this month, attention required',
          params,
          response: { 200: envelopeSchema(receivedPaymentsSummarySchema), ...errorResponses },
        },
      },
      async (request) => ok(await receivedPaymentsSummary(context, getBusiness(request).businessId)),
    );

    app.get(
      `${base}/payments/multiple`,
      {
        config: { business: { permission: PAYMENTS_READ } },
        schema: {
          tags,
          summary: 'Several payments by id (paymentIds, comma separated, at most 100)',
          params,
          querystring: multiplePaymentsQuerySchema,
          response: { 200: envelopeSchema(z.array(paymentViewSchema)), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getPayments(context, {
            businessId: getBusiness(request).businessId,
            paymentIds: request.query.paymentIds,
          }),
        ),
    );

    app.get(
      `${base}/payments/:paymentId`,
      {
        config: { business: { permission: PAYMENTS_READ } },
        schema: {
          tags,
          summary: 'A payment with its timeline',
          params: paymentParams,
          response: { 200: envelopeSchema(paymentDetailSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getPaymentDetail(context, {
            businessId: getBusiness(request).businessId,
            paymentId: request.params.paymentId,
            viewer: {
              userId: getUser(request).id,
              canApprove: getBusiness(request).ability.can('manage', 'PayApproveAndPayBills'),
            },
          }),
        ),
    );

    app.patch(
      `${base}/payments/:paymentId/reschedule/scheduled-payment`,
      {
        config: { business: { permission: PAYMENTS_MANAGE } },
        schema: {
          tags,
          summary: 'Move a payment that is not yet processing to another date (and maybe another source)',
          params: paymentParams,
          body: reschedulePaymentRequestSchema,
          response: { 200: envelopeSchema(paymentViewSchema), ...writeResponses },
        },
      },
      async (request) =>
        ok(
          await reschedulePayment(context, {
            businessId: getBusiness(request).businessId,
            paymentId: request.params.paymentId,
            actor: userActor(getUser(request)),
            request: request.body,
          }),
          'Payment rescheduled successfully.',
        ),
    );

    app.patch(
      `${base}/payments/:paymentId/cancel/scheduled-payment`,
      {
        config: { business: { permission: PAYMENTS_MANAGE } },
        schema: {
          tags,
          summary: 'Cancel a payment that is not yet processing',
          params: paymentParams,
          body: cancelPaymentRequestSchema.optional(),
          response: { 200: envelopeSchema(paymentViewSchema), ...writeResponses },
        },
      },
      async (request) =>
        ok(
          await cancelPayment(context, {
            businessId: getBusiness(request).businessId,
            paymentId: request.params.paymentId,
            actor: userActor(getUser(request)),
            statusReason: request.body?.statusReason,
          }),
          'Payment canceled successfully.',
        ),
    );

    app.post(
      `${base}/payments/reattempt`,
      {
        config: { business: { permission: PAYMENTS_MANAGE }, idempotency: 'required' },
        schema: {
          tags,
          summary: 'Retry a failed payment (needs an Idempotency-Key)',
          description: 'Only insufficient-funds and unknown failures, at most twice (409 REATTEMPT_LIMIT).',
          params,
          headers: idempotencyHeader,
          body: reattemptPaymentRequestSchema,
          response: { 200: envelopeSchema(paymentViewSchema), ...writeResponses },
        },
      },
      async (request) =>
        ok(
          await reattemptPayment(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            request: request.body,
          }),
          'Payment retried successfully.',
        ),
    );

    app.patch(
      `${base}/payments/:paymentId/resend-accept-payment-reminder`,
      {
        config: { business: { permission: PAYMENTS_MANAGE } },
        schema: {
          tags,
          summary: 'Email the vendor the accept-payment link again',
          params: paymentParams,
          response: { 200: envelopeSchema(paymentViewSchema), ...writeResponses },
        },
      },
      async (request) =>
        ok(
          await resendAcceptReminder(context, {
            businessId: getBusiness(request).businessId,
            paymentId: request.params.paymentId,
            actor: userActor(getUser(request)),
          }),
          'Reminder sent to the vendor.',
        ),
    );

    // mark-invoice-as-paid: the invoices module records it (a static path, so it wins over the
    // mark-:type-as-paid pattern below); the right is the Get Paid side's.
    registerInvoicePaymentRoute(app, context, {
      method: 'PATCH',
      url: `${base}/mark-invoice-as-paid`,
      tags,
      summary: 'Mark an invoice as paid outside Ferry (needs an Idempotency-Key) into a receiving bank',
    });

    app.patch(
      `${base}/mark-:type-as-paid`,
      {
        config: { business: { permission: MARK_PAID_MANAGE }, idempotency: 'required' },
        schema: {
          tags,
          summary: 'Mark a bill as paid outside Ferry (needs an Idempotency-Key); no money moves',
          description: 'Path mark-bill-as-paid (mark-invoice-as-paid has its own route above).',
          params: params.extend({ type: z.string() }),
          headers: idempotencyHeader,
          body: markAsPaidRequestSchema,
          response: { 200: envelopeSchema(paymentViewSchema), ...writeResponses },
        },
      },
      async (request) => {
        const type = request.params.type;
        if (!(MARK_AS_PAID_TYPES as readonly string[]).includes(type)) {
          throw new AppError('ROUTE_NOT_FOUND', 'Route not found');
        }
        return ok(
          await markAsPaid(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            type: type as (typeof MARK_AS_PAID_TYPES)[number],
            idempotencyKey: keyOf(request),
            request: request.body,
          }),
          'Bill marked as paid.',
        );
      },
    );

    app.get(
      `${base}/bills/summary/payments`,
      {
        config: { business: { permission: PAYMENTS_READ } },
        schema: {
          tags,
          summary: 'Payments tab summary cards: attention required, processing, scheduled',
          params,
          response: { 200: envelopeSchema(paymentsSummarySchema), ...errorResponses },
        },
      },
      async (request) => ok(await paymentsSummary(context, getBusiness(request).businessId)),
    );
  };

/**
 * The payment rails' webhooks: settlements of the transfers the engine sent, handed to its settlement
 * handlers. The sandbox rails send none.
 */
export const railsWebhookRoutes = (context: AppContext): FastifyPluginAsyncZod =>
  webhookRoute('/webhooks/rails', ({ headers, rawBody }) =>
    context.providers.rails.handleWebhook(headers, rawBody),
  );
