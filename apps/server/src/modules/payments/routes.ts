import type { Subject } from '@ferry/domain/permissions';
import {
  bulkScheduleRequestSchema,
  bulkScheduleResultSchema,
  cancelPaymentRequestSchema,
  createPaymentRequestSchema,
  INVOICE_MESSAGES,
  invoicePaymentViewSchema,
  MARK_AS_PAID_TYPES,
  markAsPaidRequestSchema,
  markInvoicePaidRequestSchema,
  multiplePaymentsQuerySchema,
  payContextQuerySchema,
  payContextSchema,
  paymentDetailSchema,
  paymentsQuerySchema,
  paymentsSummarySchema,
  paymentViewSchema,
  reattemptPaymentRequestSchema,
  reschedulePaymentRequestSchema,
  transferSpeedRequestSchema,
  transferSpeedViewSchema,
} from '@ferry/domain/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
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
import { INVOICES_MANAGE } from '../invoices/routes.js';
import { markInvoiceAsPaid } from '../invoices/service.js';
import {
  bulkSchedule,
  cancelPayment,
  createPayment,
  getPaymentDetail,
  getPayments,
  listPayments,
  markAsPaid,
  payContext,
  paymentsSummary,
  reattemptPayment,
  reschedulePayment,
  resendAcceptReminder,
  transferSpeeds,
} from './service.js';

export const PAYMENTS_READ: ['read', Subject] = ['read', 'PayPayments'];
export const PAYMENTS_MANAGE: ['manage', Subject] = ['manage', 'PayApproveAndPayBills'];
export const MARK_PAID_MANAGE: ['manage', Subject] = ['manage', 'PayDueBill'];

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
        config: { business: { permission: PAYMENTS_READ } },
        schema: {
          tags,
          summary: 'The business’s payments (filters, sorting, paging; due date descending by default)',
          params,
          querystring: paymentsQuerySchema,
          response: { 200: pagedEnvelopeSchema(paymentViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await listPayments(context, { businessId: getBusiness(request).businessId, query: request.query }),
        ),
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
    app.patch(
      `${base}/mark-invoice-as-paid`,
      {
        config: { business: { permission: INVOICES_MANAGE }, idempotency: 'required' },
        schema: {
          tags,
          summary: 'Mark an invoice as paid outside Ferry (needs an Idempotency-Key) into a receiving bank',
          params,
          headers: idempotencyHeader,
          body: markInvoicePaidRequestSchema,
          response: { 200: envelopeSchema(invoicePaymentViewSchema), ...writeResponses },
        },
      },
      async (request) =>
        ok(
          await markInvoiceAsPaid(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            request: request.body,
          }),
          INVOICE_MESSAGES.markPaidSuccess,
        ),
    );

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
