import type { AppAbility, Subject } from '@ferry/domain/permissions';
import {
  businessesToMapSchema,
  linkBillRequestSchema,
  linkBillResultSchema,
  mapBusinessRequestSchema,
  multiplePaymentRequestsQuerySchema,
  PAYMENT_REQUEST_MESSAGES,
  paymentRequestDetailSchema,
  paymentRequestListItemSchema,
  paymentRequestsQuerySchema,
  paymentRequestsReviewSummarySchema,
  reminderSettingsSchema,
  sandboxPaymentRequestInfoSchema,
  sandboxPaymentRequestResultSchema,
  sandboxPaymentRequestSchema,
  sendMultipleRequestsSchema,
  sendMultipleResultSchema,
  sendPaymentRequestSchema,
  sendReminderSchema,
  sentPaymentRequestSchema,
  updatePaymentRequestSchema,
} from '@ferry/domain/schemas';
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
import { userActor } from '../activity/service.js';
import { resolveBodyBusiness } from '../contacts/network-service.js';
import { businessesToMap, linkBill, mapBusiness } from './link.js';
import { SAMPLE_SENDER, sendSamplePaymentRequest } from './sandbox.js';
import {
  cancelSentPaymentRequest,
  getReminderSettings,
  saveReminderSettings,
  sendInvoicePaymentRequest,
  sendManualReminder,
  sendMultiplePaymentRequests,
} from './sending.js';
import { getPaymentRequest, getPaymentRequests, listPaymentRequests, reviewSummary } from './service.js';

/** For Review reads: Payment Requests or Inbox read (spec 002 §6 'For Review shown with read on pay inbox or payment requests'). */
export const PAYMENT_REQUESTS_READ_SUBJECTS: readonly Subject[] = ['PayPaymentRequest', 'PayInbox'];
export const PAYMENT_REQUESTS_MANAGE: ['manage', Subject] = ['manage', 'PayPaymentRequest'];

export const canReadPaymentRequests = (ability: AppAbility): boolean =>
  PAYMENT_REQUESTS_READ_SUBJECTS.some((subject) => ability.can('read', subject));

/** The guard's form of the For Review read right. */
const PAYMENT_REQUESTS_READ = {
  anyOf: PAYMENT_REQUESTS_READ_SUBJECTS.map((subject) => ['read', subject] as const),
};

/** The sending side (Get Paid): the business in the address is the payee, with the due-invoices right. */
const SEND_MANAGE = { permission: ['manage', 'GetPaidDueInvoices'] as ['manage', Subject] };
const SEND_READ = { permission: ['read', 'GetPaidDueInvoices'] as ['read', Subject] };

const assertCanRead = (ability: AppAbility) => {
  if (!canReadPaymentRequests(ability)) throw accessDenied();
};

const params = z.object({ businessId: z.string() });
const requestParams = params.extend({ paymentRequestId: z.string() });

/** Payment requests received (For Review; spec 002 §7 "Payment requests and payments"). */
export const paymentRequestRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/business/:businessId';
    const tags = ['Payment requests'];

    app.get(
      `${base}/payment-requests`,
      {
        config: { business: PAYMENT_REQUESTS_READ },
        schema: {
          tags,
          summary:
            'Payment requests this business received: the open ones by default (or `status`), page 1 of 10 by invoice date descending',
          params,
          querystring: paymentRequestsQuerySchema,
          response: { 200: pagedEnvelopeSchema(paymentRequestListItemSchema), ...errorResponses },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(
          await listPaymentRequests(context, { businessId: business.businessId, query: request.query }),
        );
      },
    );

    app.get(
      `${base}/payment-requests/multiple`,
      {
        config: { business: PAYMENT_REQUESTS_READ },
        schema: {
          tags,
          summary: 'Several payment requests by id (paymentRequestIds, comma separated, at most 100)',
          params,
          querystring: multiplePaymentRequestsQuerySchema,
          response: { 200: envelopeSchema(z.array(paymentRequestDetailSchema)), ...errorResponses },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(
          await getPaymentRequests(context, {
            businessId: business.businessId,
            paymentRequestIds: request.query.paymentRequestIds,
          }),
        );
      },
    );

    app.get(
      `${base}/payment-requests/:paymentRequestId`,
      {
        config: { business: PAYMENT_REQUESTS_READ },
        schema: {
          tags,
          summary: 'A payment request this business received, with its lines and timeline',
          params: requestParams,
          response: { 200: envelopeSchema(paymentRequestDetailSchema), ...errorResponses },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(
          await getPaymentRequest(context, {
            businessId: business.businessId,
            paymentRequestId: request.params.paymentRequestId,
          }),
        );
      },
    );

    app.post(
      `${base}/payment-requests/:paymentRequestId/link-bill`,
      {
        config: { business: { permission: PAYMENT_REQUESTS_MANAGE }, idempotency: 'optional' },
        schema: {
          tags,
          summary:
            'Create the bill for a payment request (or link an open bill of the same vendor with billId); a second call answers the same bill',
          params: requestParams,
          body: linkBillRequestSchema,
          response: {
            200: envelopeSchema(linkBillResultSchema),
            409: errorBodySchema,
            422: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        const body = request.body ?? {};
        return ok(
          await linkBill(context, {
            businessId: business.businessId,
            paymentRequestId: request.params.paymentRequestId,
            actor: userActor(getUser(request)),
            billId: body.billId,
            chartAccountId: body.chartAccountId,
          }),
          PAYMENT_REQUEST_MESSAGES.billLinked,
        );
      },
    );

    app.get(
      `${base}/payment-requests/:paymentRequestId/businesses-to-map`,
      {
        config: { business: PAYMENT_REQUESTS_READ },
        schema: {
          tags,
          summary: "The payer's vendors that could be this request's sender (the one linked on Ferry first)",
          params: requestParams,
          response: { 200: envelopeSchema(businessesToMapSchema), ...errorResponses },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(
          await businessesToMap(context, {
            businessId: business.businessId,
            paymentRequestId: request.params.paymentRequestId,
          }),
        );
      },
    );

    app.post(
      `${base}/payment-requests/:paymentRequestId/map-business`,
      {
        config: { business: { permission: PAYMENT_REQUESTS_MANAGE } },
        schema: {
          tags,
          summary:
            'Map the sender to a vendor (contactId), or add the sender as a new vendor linked on Ferry (no contactId)',
          params: requestParams,
          body: mapBusinessRequestSchema,
          response: {
            200: envelopeSchema(paymentRequestDetailSchema),
            409: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(
          await mapBusiness(context, {
            businessId: business.businessId,
            paymentRequestId: request.params.paymentRequestId,
            actor: userActor(getUser(request)),
            contactId: request.body?.contactId,
          }),
          PAYMENT_REQUEST_MESSAGES.vendorMapped,
        );
      },
    );

    app.get(
      `${base}/bills/summary/review`,
      {
        config: { business: PAYMENT_REQUESTS_READ },
        schema: {
          tags,
          summary:
            'For Review cards: total outstanding, due in the next 7 days, overdue over open requests (New York date), and how many requests arrived',
          params,
          response: { 200: envelopeSchema(paymentRequestsReviewSummarySchema), ...errorResponses },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(await reviewSummary(context, business.businessId));
      },
    );

    // The sending side lives beside the receiving side under the same addresses.
    await app.register(sentPaymentRequestRoutes(context));
  };

/**
 * Payment requests sent (Get Paid; spec 002 §7 'POST /payment-requests?payeeId', send-reminder, PATCH
 * {status: CANCELLED, remarks}, send-multiple-requests): the business in the address is the payee.
 */
export const sentPaymentRequestRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/business/:businessId/payment-requests';
    const tags = ['Payment requests'];

    app.post(
      base,
      {
        config: { business: SEND_MANAGE },
        schema: {
          tags,
          summary:
            "Send an invoice to its customer on Ferry as a payment request (the customer's For Review); a second send answers the same request",
          params,
          body: sendPaymentRequestSchema,
          response: {
            200: envelopeSchema(sentPaymentRequestSchema),
            409: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(
          await sendInvoicePaymentRequest(context, {
            businessId: business.businessId,
            invoiceId: request.body.invoiceDetails.id,
            actor: userActor(getUser(request)),
          }),
          PAYMENT_REQUEST_MESSAGES.requestSent,
        );
      },
    );

    app.post(
      `${base}/send-multiple-requests`,
      {
        config: { business: SEND_MANAGE },
        schema: {
          tags,
          summary:
            'Send several invoices (1–50) as payment requests; answers per invoice the request or why it was not sent',
          params,
          body: sendMultipleRequestsSchema,
          response: { 200: envelopeSchema(z.array(sendMultipleResultSchema)), ...errorResponses },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        if (request.body.businessId && request.body.businessId !== business.businessId) {
          const message = PAYMENT_REQUEST_MESSAGES.businessMismatch;
          throw new AppError('VALIDATION_ERROR', message, { errors: [{ field: 'businessId', message }] });
        }
        return ok(
          await sendMultiplePaymentRequests(context, {
            businessId: business.businessId,
            invoiceIds: request.body.invoices,
            actor: userActor(getUser(request)),
          }),
          PAYMENT_REQUEST_MESSAGES.requestsSent,
        );
      },
    );

    app.post(
      `${base}/send-reminder`,
      {
        config: { business: SEND_MANAGE },
        schema: {
          tags,
          summary: 'Email the customer a reminder of an open payment request (at most one reminder a day)',
          params,
          body: sendReminderSchema,
          response: {
            200: envelopeSchema(sentPaymentRequestSchema),
            409: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(
          await sendManualReminder(context, {
            businessId: business.businessId,
            paymentRequestId: request.body.paymentRequestId,
            actor: userActor(getUser(request)),
          }),
          PAYMENT_REQUEST_MESSAGES.reminderSent,
        );
      },
    );

    app.get(
      `${base}/reminder-settings`,
      {
        config: { business: SEND_READ },
        schema: {
          tags,
          summary: 'Scheduled reminders of the payment requests this business sends (off until saved)',
          params,
          response: { 200: envelopeSchema(reminderSettingsSchema), ...errorResponses },
        },
      },
      async (request) => ok(await getReminderSettings(context, getBusiness(request).businessId)),
    );

    app.put(
      `${base}/reminder-settings`,
      {
        config: { business: SEND_MANAGE },
        schema: {
          tags,
          summary:
            'Save the scheduled reminders: N days before the due date, on the due date, every N days once overdue',
          params,
          body: reminderSettingsSchema,
          response: { 200: envelopeSchema(reminderSettingsSchema), ...errorResponses },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(
          await saveReminderSettings(context, {
            businessId: business.businessId,
            settings: request.body,
            userId: getUser(request).id,
          }),
          PAYMENT_REQUEST_MESSAGES.reminderSettingsSaved,
        );
      },
    );

    app.patch(
      `${base}/:paymentRequestId`,
      {
        config: { business: SEND_MANAGE },
        schema: {
          tags,
          summary:
            'Cancel a payment request this business sent ({ status: CANCELLED, remarks }); its invoice goes back to unpaid',
          params: requestParams,
          body: updatePaymentRequestSchema,
          response: {
            200: envelopeSchema(sentPaymentRequestSchema),
            409: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        return ok(
          await cancelSentPaymentRequest(context, {
            businessId: business.businessId,
            paymentRequestId: request.params.paymentRequestId,
            remarks: request.body.remarks,
            actor: userActor(getUser(request)),
          }),
          PAYMENT_REQUEST_MESSAGES.requestCancelled,
        );
      },
    );
  };

/**
 * Sample payment requests for testers (registered only with the sandbox providers, outside production):
 * Northwind Supply Co. sends an invoice to a business the caller belongs to.
 */
export const sandboxPaymentRequestRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Sandbox'];
    app.get(
      '/sandbox/payment-requests',
      {
        schema: {
          tags,
          summary: 'Whether sample payment requests can be sent here (this route exists only in the sandbox)',
          response: { 200: envelopeSchema(sandboxPaymentRequestInfoSchema), ...errorResponses },
        },
      },
      async () => ok({ available: true as const, senderName: SAMPLE_SENDER.businessName }),
    );

    app.post(
      '/sandbox/payment-requests',
      {
        schema: {
          tags,
          summary:
            'Send a sample payment request (an invoice of 2–3 lines from Northwind Supply Co.) to a business you are a member of',
          body: sandboxPaymentRequestSchema,
          response: { 200: envelopeSchema(sandboxPaymentRequestResultSchema), ...errorResponses },
        },
      },
      async (request) => {
        const { businessId, ability } = await resolveBodyBusiness(context, {
          userId: getUser(request).id,
          businessId: request.body.payerBusinessId,
        });
        assertCanRead(ability);
        return ok(
          await sendSamplePaymentRequest(context, {
            payerBusinessId: businessId,
            amountCents: request.body.amount,
            dueInDays: request.body.dueInDays,
          }),
          PAYMENT_REQUEST_MESSAGES.sandboxSent,
        );
      },
    );
  };
