import multipart from '@fastify/multipart';
import type { Subject } from '@ferry/domain/permissions';
import {
  accountingBillsQuerySchema,
  accountingItemsQuerySchema,
  accountingItemViewSchema,
  billAttachmentViewSchema,
  billDraftPayloadSchema,
  billDraftViewSchema,
  billListItemSchema,
  billPdfLinkSchema,
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
import { readFileUpload, sendFile } from '../../platform/http/uploads.js';
import { userActor } from '../activity/service.js';
import { invalidFile } from '../contacts/documents-service.js';
import { assertRoomForAttachment, readAttachment, uploadAttachment } from './attachments.js';
import { createDraft, deleteDraft, getDraft, listDrafts, updateDraft } from './drafts.js';
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
const draftParams = params.extend({ draftId: z.string() });
export const idempotencyHeader = z.looseObject({ 'idempotency-key': z.string().optional() });
export const draftsQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** Bills (spec 002 §7 "Bills"): create and edit, lists, summaries, drafts, attachments, PDFs, items. */
export const billRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: {
        fileSize: DOCUMENT_LIMITS.maxBytes,
        files: 1,
        fields: 3,
        fieldSize: 1024,
        parts: 4,
        headerPairs: 50,
      },
    });
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

    // Drafts.
    app.post(
      `${base}/bills/draft`,
      {
        config: { business: { permission: BILLS_MANAGE } },
        schema: {
          tags,
          summary: 'Save an unfinished bill',
          params,
          body: billDraftPayloadSchema,
          response: { 200: envelopeSchema(billDraftViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await createDraft(context, {
            businessId: getBusiness(request).businessId,
            userId: getUser(request).id,
            payload: request.body,
          }),
          'Draft saved successfully.',
        ),
    );

    app.get(
      `${base}/bills/draft`,
      {
        config: { business: { permission: BILLS_READ } },
        schema: {
          tags,
          summary: 'Drafts, last changed first',
          params,
          querystring: draftsQuery,
          response: { 200: pagedEnvelopeSchema(billDraftViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(await listDrafts(context, { businessId: getBusiness(request).businessId, ...request.query })),
    );

    app.get(
      `${base}/bills/draft/:draftId`,
      {
        config: { business: { permission: BILLS_READ } },
        schema: {
          tags,
          summary: 'One draft',
          params: draftParams,
          response: { 200: envelopeSchema(billDraftViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getDraft(context, {
            businessId: getBusiness(request).businessId,
            draftId: request.params.draftId,
          }),
        ),
    );

    app.patch(
      `${base}/bills/draft/:draftId`,
      {
        config: { business: { permission: BILLS_MANAGE } },
        schema: {
          tags,
          summary: 'Replace a draft',
          params: draftParams,
          body: billDraftPayloadSchema,
          response: { 200: envelopeSchema(billDraftViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await updateDraft(context, {
            businessId: getBusiness(request).businessId,
            draftId: request.params.draftId,
            payload: request.body,
          }),
          'Draft saved successfully.',
        ),
    );

    app.delete(
      `${base}/bills/draft/:draftId`,
      {
        config: { business: { permission: BILLS_MANAGE } },
        schema: {
          tags,
          summary: 'Delete a draft',
          params: draftParams,
          response: { 200: envelopeSchema(z.object({ id: z.string() })), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await deleteDraft(context, {
            businessId: getBusiness(request).businessId,
            draftId: request.params.draftId,
          }),
          'Draft deleted successfully.',
        ),
    );

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
      async (request) => {
        const businessId = getBusiness(request).businessId;
        const upload = await readFileUpload(app, request, invalidFile);
        if (!upload.body) throw invalidFile('VALIDATION_ERROR');
        const billId = upload.fields.billId || null;
        if (billId) {
          await findBillOrThrow(context.database.db, { businessId, billId });
          await assertRoomForAttachment(context.database.db, billId);
        }
        return ok(
          await uploadAttachment(context, {
            businessId,
            userId: getUser(request).id,
            billId,
            body: upload.body,
            fileName: upload.fileName,
          }),
          'Attachment uploaded successfully.',
        );
      },
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

    // PDF.
    app.get(
      `${base}/download-bill-pdf/:billId`,
      {
        config: { business: { permission: BILLS_READ } },
        schema: {
          tags,
          summary: "The address of the bill's PDF",
          params: billParams,
          response: { 200: envelopeSchema(billPdfLinkSchema), ...errorResponses },
        },
      },
      async (request) => {
        const businessId = getBusiness(request).businessId;
        const { bill } = await findBillOrThrow(context.database.db, {
          businessId,
          billId: request.params.billId,
        });
        return ok({ fileUrl: `/api/business/${businessId}/bills/${bill.id}/pdf` });
      },
    );

    app.get(
      `${base}/bills/:billId/pdf`,
      {
        config: { business: { permission: BILLS_READ } },
        schema: {
          tags,
          summary: 'The bill as a PDF generated on the server',
          params: billParams,
          querystring: z.object({ compress: z.enum(['true', 'false']).optional() }),
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const businessId = getBusiness(request).businessId;
        const { bill } = await findBillOrThrow(context.database.db, {
          businessId,
          billId: request.params.billId,
        });
        const body = await renderBillPdf(context, {
          businessId,
          billId: bill.id,
          compress: request.query.compress !== 'false',
        });
        return sendFile(
          reply,
          { body, contentType: 'application/pdf', fileName: `Bill ${bill.refNo}.pdf` },
          'inline',
        );
      },
    );
  };
