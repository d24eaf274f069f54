import type { Subject } from '@ferry/domain/permissions';
import {
  accountingInvoicesQuerySchema,
  DOCUMENT_LIMITS,
  dueInvoicesQuerySchema,
  INVOICE_MESSAGES,
  invoiceAttachmentViewSchema,
  invoiceDraftPayloadSchema,
  invoiceDraftViewSchema,
  invoiceListItemSchema,
  invoicePaymentViewSchema,
  invoiceRequestSchema,
  invoicesSummarySchema,
  invoiceViewSchema,
  markInvoicePaidRequestSchema,
  multipleInvoicesQuerySchema,
  nextReferenceSchema,
} from '@ferry/domain/schemas';
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
import { sendFile } from '../../platform/http/uploads.js';
import { userActor } from '../activity/service.js';
import {
  registerDocumentUploads,
  registerDraftRoutes,
  registerPdfRoutes,
  uploadAttachmentFrom,
} from '../bills/document-routes.js';
import { idempotencyHeader } from '../bills/routes.js';
import { invoiceAttachmentStore, invoiceDraftStore, renderInvoicePdf } from './documents.js';
import {
  createInvoice,
  findInvoiceOrThrow,
  getInvoice,
  getInvoices,
  invoicesSummary,
  listAccountingInvoices,
  listDueInvoices,
  markInvoiceAsPaid,
  nextInvoiceNumber,
  updateInvoice,
} from './service.js';

export const INVOICES_READ: ['read', Subject] = ['read', 'GetPaidDueInvoices'];
export const INVOICES_MANAGE: ['manage', Subject] = ['manage', 'GetPaidDueInvoices'];

/**
 * A payment recorded against an invoice by hand (no money moves through Ferry) into a receiving bank
 * of the business: PATCH mark-invoice-as-paid and POST invoicePayment (spec 002 §7) are the same call.
 */
export function registerInvoicePaymentRoute(
  app: Parameters<FastifyPluginAsyncZod>[0],
  context: AppContext,
  options: { method: 'PATCH' | 'POST'; url: string; tags: string[]; summary: string },
): void {
  app.route({
    method: options.method,
    url: options.url,
    config: { business: { permission: INVOICES_MANAGE }, idempotency: 'required' },
    schema: {
      tags: options.tags,
      summary: options.summary,
      description:
        "Amount at least $1 and at most the balance (422), date not in the future (422), paymentInstrumentId a verified bank of the business (400 'Select a receiving bank to mark as paid.'). The invoice turns partial_paid or paid.",
      params,
      headers: idempotencyHeader,
      body: markInvoicePaidRequestSchema,
      response: {
        200: envelopeSchema(invoicePaymentViewSchema),
        409: errorBodySchema,
        422: errorBodySchema,
        ...errorResponses,
      },
    },
    handler: async (request) =>
      ok(
        await markInvoiceAsPaid(context, {
          businessId: getBusiness(request).businessId,
          actor: userActor(getUser(request)),
          request: request.body,
        }),
        INVOICE_MESSAGES.markPaidSuccess,
      ),
  });
}

const params = z.object({ businessId: z.string() });
const invoiceParams = params.extend({ invoiceId: z.string() });

/**
 * Invoices (spec 002 §7 "Invoices"): lists, summary, one or several invoices, create and edit under
 * accounting/invoices, drafts, attachments, the PDF. Mark as paid is the payments module's
 * mark-invoice-as-paid route (service: markInvoiceAsPaid).
 */
export const invoiceRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await registerDocumentUploads(app);
    const base = '/business/:businessId';
    const tags = ['Invoices'];

    // Lists and summary.
    app.get(
      `${base}/invoices`,
      {
        config: { business: { permission: INVOICES_READ } },
        schema: {
          tags,
          summary: 'Open invoices (balance left, not cancelled) unless status asks for others',
          description:
            'Page 1 of 10 by invoice date descending by default. status (comma list, any spelling) lists the invoices in those statuses, e.g. paid. searchTerm matches part of the invoice number or of the customer name.',
          params,
          querystring: dueInvoicesQuerySchema,
          response: { 200: pagedEnvelopeSchema(invoiceListItemSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await listDueInvoices(context, {
            businessId: getBusiness(request).businessId,
            query: request.query,
          }),
        ),
    );

    app.get(
      `${base}/invoices/summary`,
      {
        config: { business: { permission: INVOICES_READ } },
        schema: {
          tags,
          summary: 'Summary cards over open invoices: total outstanding, due in the next 7 days, overdue',
          params,
          response: { 200: envelopeSchema(invoicesSummarySchema), ...errorResponses },
        },
      },
      async (request) => ok(await invoicesSummary(context, getBusiness(request).businessId)),
    );

    app.get(
      `${base}/invoices/multiple`,
      {
        config: { business: { permission: INVOICES_READ } },
        schema: {
          tags,
          summary: 'Several invoices by id (invoiceIds, comma separated, at most 100)',
          params,
          querystring: multipleInvoicesQuerySchema,
          response: { 200: envelopeSchema(z.array(invoiceViewSchema)), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getInvoices(context, {
            businessId: getBusiness(request).businessId,
            invoiceIds: request.query.invoiceIds,
          }),
        ),
    );

    app.get(
      `${base}/invoices/:invoiceId`,
      {
        config: { business: { permission: INVOICES_READ } },
        schema: {
          tags,
          summary: 'One invoice with its lines, attachments, payments and payment request',
          params: invoiceParams,
          response: { 200: envelopeSchema(invoiceViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getInvoice(context, {
            businessId: getBusiness(request).businessId,
            invoiceId: request.params.invoiceId,
          }),
        ),
    );

    app.get(
      `${base}/accounting/invoices`,
      {
        config: { business: { permission: INVOICES_READ } },
        schema: {
          tags,
          summary: 'Every invoice of the business with the accounting-list filters',
          params,
          querystring: accountingInvoicesQuerySchema,
          response: { 200: pagedEnvelopeSchema(invoiceListItemSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await listAccountingInvoices(context, {
            businessId: getBusiness(request).businessId,
            query: request.query,
          }),
        ),
    );

    app.get(
      `${base}/accounting/invoices/next-reference-number`,
      {
        config: { business: { permission: INVOICES_READ } },
        schema: {
          tags,
          summary: 'The next free INV-nnnn number',
          params,
          response: { 200: envelopeSchema(nextReferenceSchema), ...errorResponses },
        },
      },
      async (request) => ok(await nextInvoiceNumber(context, getBusiness(request).businessId)),
    );

    // Create and edit.
    app.post(
      `${base}/accounting/invoices`,
      {
        config: { business: { permission: INVOICES_MANAGE }, idempotency: 'required' },
        schema: {
          tags,
          summary: 'Create an invoice (needs an Idempotency-Key); totals are computed by the server',
          params,
          headers: idempotencyHeader,
          body: invoiceRequestSchema,
          response: {
            201: envelopeSchema(invoiceViewSchema),
            409: errorBodySchema,
            422: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const invoice = await createInvoice(context, {
          businessId: getBusiness(request).businessId,
          actor: userActor(getUser(request)),
          request: request.body,
        });
        reply.code(201);
        return ok(invoice, 'Invoice created successfully.');
      },
    );

    app.patch(
      `${base}/accounting/invoices/:invoiceId`,
      {
        config: { business: { permission: INVOICES_MANAGE } },
        schema: {
          tags,
          summary: 'Edit an invoice while it is unpaid (no payment, no request out): the whole invoice again',
          params: invoiceParams,
          body: invoiceRequestSchema,
          response: {
            200: envelopeSchema(invoiceViewSchema),
            409: errorBodySchema,
            422: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) =>
        ok(
          await updateInvoice(context, {
            businessId: getBusiness(request).businessId,
            invoiceId: request.params.invoiceId,
            actor: userActor(getUser(request)),
            request: request.body,
          }),
          'Invoice updated successfully.',
        ),
    );

    registerInvoicePaymentRoute(app, context, {
      method: 'POST',
      url: `${base}/invoicePayment`,
      tags,
      summary: 'Record a payment of an invoice received outside Ferry (needs an Idempotency-Key)',
    });

    // Drafts (the form's own: reading them is part of creating an invoice).
    registerDraftRoutes(app, context, {
      path: `${base}/accounting/invoices/draft`,
      tags,
      noun: 'invoice',
      read: INVOICES_MANAGE,
      manage: INVOICES_MANAGE,
      payload: invoiceDraftPayloadSchema,
      view: invoiceDraftViewSchema,
      store: invoiceDraftStore,
    });

    // Attachments.
    app.post(
      `${base}/upload-invoice-attachment`,
      {
        config: { business: { permission: INVOICES_MANAGE } },
        schema: {
          tags,
          summary: 'Upload an invoice attachment (multipart: file, optional invoiceId)',
          description:
            'PDF, PNG or JPEG decided by the first bytes (415 otherwise); at most 5 MB (413); at most 5 per invoice (409). Without invoiceId it waits for the invoice it is saved with (attachmentIds).',
          consumes: ['multipart/form-data'],
          params,
          response: {
            200: envelopeSchema(invoiceAttachmentViewSchema),
            409: errorBodySchema,
            413: errorBodySchema,
            415: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) => uploadAttachmentFrom(app, context, request, invoiceAttachmentStore, 'invoiceId'),
    );

    app.get(
      `${base}/invoices/:invoiceId/attachments/:attachmentId`,
      {
        config: { business: { permission: INVOICES_READ } },
        schema: {
          tags,
          summary: 'Download an invoice attachment',
          params: invoiceParams.extend({ attachmentId: z.string() }),
          produces: [...DOCUMENT_LIMITS.mimeTypes],
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await invoiceAttachmentStore.read(context, {
            businessId: getBusiness(request).businessId,
            documentId: request.params.invoiceId,
            attachmentId: request.params.attachmentId,
          }),
          'attachment',
        ),
    );

    registerPdfRoutes(app, {
      base,
      tags,
      noun: 'invoice',
      collection: 'invoices',
      param: 'invoiceId',
      read: INVOICES_READ,
      find: async (businessId, invoiceId) =>
        (await findInvoiceOrThrow(context.database.db, { businessId, invoiceId })).invoice,
      render: ({ businessId, id, compress }) =>
        renderInvoicePdf(context, { businessId, invoiceId: id, compress }),
    });
  };
