import multipart from '@fastify/multipart';
import { DOCUMENT_LIMITS, documentListSchema, documentViewSchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { readFileUpload, sendFile } from '../../platform/http/uploads.js';
import { userActor } from '../activity/service.js';
import { CONTACT_MANAGE_ANY, CONTACT_READ_ANY } from './access.js';
import {
  assertRoomForDocument,
  contactForDocuments,
  deleteDocument,
  invalidFile,
  listDocuments,
  readDocument,
  uploadDocument,
} from './documents-service.js';

const params = z.object({ businessId: z.string(), contactId: z.string() });
const documentParams = params.extend({ documentId: z.string() });

const TEXT_FIELD = /^[A-Za-z0-9_-]{1,32}$/;

const optionalField = (value: string | undefined, fallback: string | null): string | null => {
  if (value === undefined || value === '') return fallback;
  if (!TEXT_FIELD.test(value)) {
    throw new AppError('VALIDATION_ERROR', 'Invalid document details.', {
      errors: [{ field: 'documentType', message: 'Invalid document details.' }],
    });
  }
  return value.toUpperCase();
};

/** Other documents of a vendor or customer (spec 002 §7, multipart upload, at most 5 per contact). */
export const contactDocumentRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: {
        fileSize: DOCUMENT_LIMITS.maxBytes,
        files: 1,
        fields: 5,
        fieldSize: 1024,
        parts: 6,
        headerPairs: 50,
      },
    });
    const base = '/business/:businessId/accounting/contacts/:contactId/documents';

    app.get(
      base,
      {
        config: { business: CONTACT_READ_ANY },
        schema: {
          tags: ['Contacts'],
          summary: "A contact's documents (oldest first)",
          params,
          response: { 200: envelopeSchema(documentListSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await listDocuments(context, {
            businessId: getBusiness(request).businessId,
            contactId: request.params.contactId,
            ability: getBusiness(request).ability,
          }),
        ),
    );

    app.post(
      base,
      {
        config: { business: CONTACT_MANAGE_ANY },
        schema: {
          tags: ['Contacts'],
          summary: 'Upload a document (multipart: file, documentType, entityType)',
          description:
            'PDF, PNG or JPEG decided by the first bytes of the file (415 otherwise); at most 5 MB (413); at most 5 per contact (409).',
          consumes: ['multipart/form-data'],
          params,
          response: {
            200: envelopeSchema(documentViewSchema),
            409: errorBodySchema,
            413: errorBodySchema,
            415: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        const { db } = context.database;
        // Right and room first: nothing is read or stored for a call that cannot succeed.
        const contact = await contactForDocuments(db, {
          businessId: business.businessId,
          contactId: request.params.contactId,
          ability: business.ability,
          action: 'manage',
        });
        await assertRoomForDocument(db, contact.id);
        const upload = await readFileUpload(app, request, invalidFile);
        if (!upload.body) throw invalidFile('VALIDATION_ERROR');
        return ok(
          await uploadDocument(context, {
            businessId: business.businessId,
            contact,
            actor: userActor(getUser(request)),
            body: upload.body,
            fileName: upload.fileName,
            documentType: optionalField(upload.fields.documentType, 'OTHER') ?? 'OTHER',
            entityType: optionalField(upload.fields.entityType, null),
          }),
          'Document uploaded successfully.',
        );
      },
    );

    app.delete(
      `${base}/:documentId`,
      {
        config: { business: CONTACT_MANAGE_ANY },
        schema: {
          tags: ['Contacts'],
          summary: 'Delete a document',
          params: documentParams,
          response: { 200: envelopeSchema(z.object({ id: z.string() })), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await deleteDocument(context, {
            businessId: getBusiness(request).businessId,
            contactId: request.params.contactId,
            documentId: request.params.documentId,
            ability: getBusiness(request).ability,
            actor: userActor(getUser(request)),
          }),
          'Document deleted successfully.',
        ),
    );

    app.get(
      `${base}/:documentId/download`,
      {
        config: { business: CONTACT_READ_ANY },
        schema: {
          tags: ['Contacts'],
          summary: 'Download a document (as an attachment)',
          params: documentParams,
          produces: [...DOCUMENT_LIMITS.mimeTypes],
        },
      },
      async (request, reply) => {
        const file = await readDocument(context, {
          businessId: getBusiness(request).businessId,
          contactId: request.params.contactId,
          documentId: request.params.documentId,
          ability: getBusiness(request).ability,
        });
        return sendFile(reply, file, 'attachment');
      },
    );
  };
