import type { Subject } from '@ferry/domain/permissions';
import {
  accountingBillsQuerySchema,
  accountingItemsQuerySchema,
  accountingItemViewSchema,
  billAttachmentViewSchema,
  billDraftPayloadSchema,
  billDraftViewSchema,
  billListItemSchema,
  billRequestSchema,
  billsDueSummarySchema,
  billViewSchema,
  DOCUMENT_LIMITS,
  dueBillsQuerySchema,
  multipleBillsQuerySchema,
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
import { billAttachmentStore, readAttachment } from './attachments.js';
import {
  registerDocumentUploads,
  registerDraftRoutes,
  registerPdfRoutes,
  uploadAttachmentFrom,
} from './document-routes.js';
import { billDraftStore } from './drafts.js';
import { listItems } from './items.js';
import { renderBillPdf } from './pdf.js';
import {
  createBill,
  dueSummary,
  findBillOrThrow,
  getBill,
  getBills,
  listAccountingBills,
  listDueBills,
  nextReferenceNumber,
  SEARCH_TOTAL_CAP,
  updateBill,
} from './service.js';

export const BILLS_READ: ['read', Subject] = ['read', 'PayDueBill'];
export const BILLS_MANAGE: ['manage', Subject] = ['manage', 'PayDueBill'];

const params = z.object({ businessId: z.string() });
const billParams = params.extend({ billId: z.string() });
export const idempotencyHeader = z.looseObject({ 'idempotency-key': z.string().optional() });

/** Bills (spec 002 §7 "Bills"): create and edit, lists, summaries, drafts, attachments, PDFs, items. */
export const billRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await registerDocumentUploads(app);
    const base = '/business/:businessId';
    const tags = ['Bills'];

    app.post(
      `${base}/bills`,
      {
        config: { business: { permission: BILLS_MANAGE }, idempotency: 'required' },
        schema: {
          tags,
          summary: 'Create a bill (needs an Idempotency-Key); totals are computed by the server',
          params,
          headers: idempotencyHeader,
          body: billRequestSchema,
          response: {
            200: envelopeSchema(billViewSchema),
            409: errorBodySchema,
            422: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) =>
        ok(
          await createBill(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            request: request.body,
          }),
          'Bill created successfully.',
        ),
    );

    app.get(
      `${base}/bills/next-reference-number`,
      {
        config: { business: { permission: BILLS_READ } },
        schema: {
          tags,
          summary: 'The next free BILL-nnnn number',
          params,
          response: { 200: envelopeSchema(nextReferenceSchema), ...errorResponses },
        },
      },
      async (request) => ok(await nextReferenceNumber(context, getBusiness(request).businessId)),
    );

    app.get(
      `${base}/bills/multiple`,
      {
        config: { business: { permission: BILLS_READ } },
        schema: {
          tags,
          summary: 'Several bills by id (billIds, comma separated, at most 100)',
          params,
          querystring: multipleBillsQuerySchema,
          response: { 200: envelopeSchema(z.array(billViewSchema)), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getBills(context, {
            businessId: getBusiness(request).businessId,
            billIds: request.query.billIds,
          }),
        ),
    );

    app.get(
      `${base}/bills/summary/due`,
      {
        config: { business: { permission: BILLS_READ } },
        schema: {
          tags,
          summary:
            'Summary cards: total outstanding, due in the next 7 days, overdue (New York business date)',
          params,
          response: { 200: envelopeSchema(billsDueSummarySchema), ...errorResponses },
        },
      },
      async (request) => ok(await dueSummary(context, getBusiness(request).businessId)),
    );

    app.get(
      `${base}/due-bills`,
      {
        config: { business: { permission: BILLS_READ } },
        schema: {
          tags,
          summary:
            'Open bills (balance left, not cancelled), page 1 of 10 by bill date descending by default',
          description: `\`total\` is exact, except with a searchTerm: then it counts at most ${SEARCH_TOTAL_CAP.toLocaleString('en-US')} matches (the pager stops there; narrow the search to see more). searchTerm matches part of the bill number or of the vendor name, case-insensitive.`,
          params,
          querystring: dueBillsQuerySchema,
          response: { 200: pagedEnvelopeSchema(billListItemSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await listDueBills(context, { businessId: getBusiness(request).businessId, query: request.query }),
        ),
    );

    app.get(
      `${base}/accounting/bills`,
      {
        config: { business: { permission: BILLS_READ } },
        schema: {
          tags,
          summary: 'Every bill of the business with the bills list filters',
          params,
          querystring: accountingBillsQuerySchema,
          response: { 200: pagedEnvelopeSchema(billListItemSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await listAccountingBills(context, {
            businessId: getBusiness(request).businessId,
            query: request.query,
          }),
        ),
    );

    app.get(
      `${base}/accounting/items`,
      {
        config: { business: {} },
        schema: {
          tags,
          summary: "The business's items (Ferry's default items until accounting is connected)",
          params,
          querystring: accountingItemsQuerySchema,
          response: { 200: pagedEnvelopeSchema(accountingItemViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(await listItems(context, { businessId: getBusiness(request).businessId, query: request.query })),
    );

    registerDraftRoutes(app, context, {
      path: `${base}/bills/draft`,
      tags,
      noun: 'bill',
      read: BILLS_READ,
      manage: BILLS_MANAGE,
      payload: billDraftPayloadSchema,
      view: billDraftViewSchema,
      store: billDraftStore,
    });

    // One bill.
    app.get(
      `${base}/bills/:billId`,
      {
        config: { business: { permission: BILLS_READ } },
        schema: {
          tags,
          summary: 'One bill with its lines and attachments',
          params: billParams,
          response: { 200: envelopeSchema(billViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getBill(context, {
            businessId: getBusiness(request).businessId,
            billId: request.params.billId,
          }),
        ),
    );

    app.patch(
      `${base}/bills/:billId`,
      {
        config: { business: { permission: BILLS_MANAGE } },
        schema: {
          tags,
          summary: 'Edit a bill nothing has been paid or scheduled on (the whole bill again)',
          params: billParams,
          body: billRequestSchema,
          response: {
            200: envelopeSchema(billViewSchema),
            409: errorBodySchema,
            422: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) =>
        ok(
          await updateBill(context, {
            businessId: getBusiness(request).businessId,
            billId: request.params.billId,
            actor: userActor(getUser(request)),
            request: request.body,
          }),
          'Bill updated successfully.',
        ),
    );

    // Attachments.
    app.post(
      `${base}/upload-bill-attachment`,
      {
        config: { business: { permission: BILLS_MANAGE } },
        schema: {
          tags,
          summary: 'Upload a bill attachment (multipart: file, optional billId)',
          description:
            'PDF, PNG or JPEG decided by the first bytes (415 otherwise); at most 5 MB (413); at most 5 per bill (409). Without billId it waits for the bill it is saved with (attachmentIds).',
          consumes: ['multipart/form-data'],
          params,
          response: {
            200: envelopeSchema(billAttachmentViewSchema),
            409: errorBodySchema,
            413: errorBodySchema,
            415: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) => uploadAttachmentFrom(app, context, request, billAttachmentStore, 'billId'),
    );

    app.get(
      `${base}/bills/:billId/attachments/:attachmentId`,
      {
        config: { business: { permission: BILLS_READ } },
        schema: {
          tags,
          summary: 'Download a bill attachment',
          params: billParams.extend({ attachmentId: z.string() }),
          produces: [...DOCUMENT_LIMITS.mimeTypes],
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await readAttachment(context, {
            businessId: getBusiness(request).businessId,
            billId: request.params.billId,
            attachmentId: request.params.attachmentId,
          }),
          'attachment',
        ),
    );

    registerPdfRoutes(app, {
      base,
      tags,
      noun: 'bill',
      collection: 'bills',
      param: 'billId',
      read: BILLS_READ,
      find: async (businessId, billId) =>
        (await findBillOrThrow(context.database.db, { businessId, billId })).bill,
      render: ({ businessId, id, compress }) => renderBillPdf(context, { businessId, billId: id, compress }),
    });
  };
