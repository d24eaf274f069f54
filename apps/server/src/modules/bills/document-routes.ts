import multipart from '@fastify/multipart';
import type { Subject } from '@ferry/domain/permissions';
import { billPdfLinkSchema, DOCUMENT_LIMITS } from '@ferry/domain/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok, pagedEnvelopeSchema } from '../../platform/http/envelope.js';
import { readFileUpload, sendFile } from '../../platform/http/uploads.js';
import { invalidFile } from '../contacts/documents-service.js';
import type { attachmentStore } from './attachments.js';
import type { draftStore } from './drafts.js';

/**
 * Route pieces bills and invoices share: the multipart parser of their attachment uploads, the upload
 * handler, the five draft routes and the two PDF routes.
 */

type App = Parameters<FastifyPluginAsyncZod>[0];
type Right = ['read' | 'manage', Subject];

/** The multipart parser of one document upload: one file of at most 5 MB and a few small fields. */
export const registerDocumentUploads = (app: App) =>
  app.register(multipart, {
    limits: {
      fileSize: DOCUMENT_LIMITS.maxBytes,
      files: 1,
      fields: 3,
      fieldSize: 1024,
      parts: 4,
      headerPairs: 50,
    },
  });

/**
 * POST upload-{document}-attachment: the file, and the document it joins when `documentField` names
 * one (refused before the file is stored when that document is unknown or full).
 */
export async function uploadAttachmentFrom<Row, View>(
  app: App,
  context: AppContext,
  request: FastifyRequest,
  store: ReturnType<typeof attachmentStore<Row, View>>,
  documentField: string,
) {
  const businessId = getBusiness(request).businessId;
  const upload = await readFileUpload(app, request, invalidFile);
  if (!upload.body) throw invalidFile('VALIDATION_ERROR');
  const documentId = upload.fields[documentField] || null;
  if (documentId) {
    await store.findDocument(context.database.db, { businessId, documentId });
    await store.assertRoom(context.database.db, documentId);
  }
  return ok(
    await store.upload(context, {
      businessId,
      userId: getUser(request).id,
      documentId,
      body: upload.body,
      fileName: upload.fileName,
    }),
    'Attachment uploaded successfully.',
  );
}

export const draftsQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** POST/GET {path}, GET/PATCH/DELETE {path}/:draftId for one kind of document's drafts. */
export function registerDraftRoutes<Payload extends z.ZodType>(
  app: App,
  context: AppContext,
  options: {
    /** e.g. '/business/:businessId/bills/draft'. */
    path: string;
    tags: string[];
    /** What the document is called in the summaries ('bill', 'invoice'). */
    noun: string;
    /** The right of the two reads (list, one), and of the three writes. */
    read: Right;
    manage: Right;
    payload: Payload;
    /** The draft view schema (its payload `payload`). */
    view: z.ZodType;
    store: ReturnType<typeof draftStore<z.infer<Payload>>>;
  },
) {
  const { path, tags, noun, store } = options;
  const params = z.object({ businessId: z.string() });
  const draftParams = params.extend({ draftId: z.string() });
  const one = (request: FastifyRequest) => ({
    businessId: getBusiness(request).businessId,
    draftId: (request.params as z.infer<typeof draftParams>).draftId,
  });

  app.post(
    path,
    {
      config: { business: { permission: options.manage } },
      schema: {
        tags,
        summary: `Save an unfinished ${noun}`,
        params,
        body: options.payload,
        response: { 200: envelopeSchema(options.view), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await store.create(context, {
          businessId: getBusiness(request).businessId,
          userId: getUser(request).id,
          payload: request.body as z.infer<Payload>,
        }),
        'Draft saved successfully.',
      ),
  );

  app.get(
    path,
    {
      config: { business: { permission: options.read } },
      schema: {
        tags,
        summary: `${noun[0]?.toUpperCase()}${noun.slice(1)} drafts, last changed first`,
        params,
        querystring: draftsQuery,
        response: { 200: pagedEnvelopeSchema(options.view), ...errorResponses },
      },
    },
    async (request) =>
      ok(await store.list(context, { businessId: getBusiness(request).businessId, ...request.query })),
  );

  app.get(
    `${path}/:draftId`,
    {
      config: { business: { permission: options.read } },
      schema: {
        tags,
        summary: `One ${noun} draft`,
        params: draftParams,
        response: { 200: envelopeSchema(options.view), ...errorResponses },
      },
    },
    async (request) => ok(await store.get(context, one(request))),
  );

  app.patch(
    `${path}/:draftId`,
    {
      config: { business: { permission: options.manage } },
      schema: {
        tags,
        summary: `Replace a ${noun} draft`,
        params: draftParams,
        body: options.payload,
        response: { 200: envelopeSchema(options.view), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await store.update(context, { ...one(request), payload: request.body as z.infer<Payload> }),
        'Draft saved successfully.',
      ),
  );

  app.delete(
    `${path}/:draftId`,
    {
      config: { business: { permission: options.manage } },
      schema: {
        tags,
        summary: `Delete a ${noun} draft`,
        params: draftParams,
        response: { 200: envelopeSchema(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => ok(await store.delete(context, one(request)), 'Draft deleted successfully.'),
  );
}

/**
 * GET download-{noun}-pdf/:{param} → { fileUrl } and GET {collection}/:{param}/pdf → the PDF generated
 * on the server (inline; `compress=false` keeps its text readable), for one kind of document.
 */
export function registerPdfRoutes(
  app: App,
  options: {
    base: string;
    tags: string[];
    /** 'bill' or 'invoice': the download path and the summaries. */
    noun: 'bill' | 'invoice';
    /** Where the documents live: 'bills', 'invoices'. */
    collection: string;
    /** The path parameter: 'billId', 'invoiceId'. */
    param: string;
    read: Right;
    /** The business's document (404 otherwise). */
    find: (businessId: string, id: string) => Promise<{ id: string; refNo: string }>;
    render: (options: { businessId: string; id: string; compress: boolean }) => Promise<Buffer>;
  },
) {
  const { base, tags, noun, collection, param } = options;
  const title = `${noun[0]?.toUpperCase()}${noun.slice(1)}`;
  const params = z.object({ businessId: z.string(), [param]: z.string() });
  const idOf = (request: FastifyRequest) => (request.params as Record<string, string>)[param] ?? '';

  app.get(
    `${base}/download-${noun}-pdf/:${param}`,
    {
      config: { business: { permission: options.read } },
      schema: {
        tags,
        summary: `The address of the ${noun}'s PDF`,
        params,
        response: { 200: envelopeSchema(billPdfLinkSchema), ...errorResponses },
      },
    },
    async (request) => {
      const businessId = getBusiness(request).businessId;
      const document = await options.find(businessId, idOf(request));
      return ok({ fileUrl: `/api/business/${businessId}/${collection}/${document.id}/pdf` });
    },
  );

  app.get(
    `${base}/${collection}/:${param}/pdf`,
    {
      config: { business: { permission: options.read } },
      schema: {
        tags,
        summary: `The ${noun} as a PDF generated on the server`,
        params,
        querystring: z.object({ compress: z.enum(['true', 'false']).optional() }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const businessId = getBusiness(request).businessId;
      const document = await options.find(businessId, idOf(request));
      const body = await options.render({
        businessId,
        id: document.id,
        compress: request.query.compress !== 'false',
      });
      return sendFile(
        reply,
        { body, contentType: 'application/pdf', fileName: `${title} ${document.refNo}.pdf` },
        'inline',
      );
    },
  );
}
