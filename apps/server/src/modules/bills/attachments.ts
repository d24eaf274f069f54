import { BILL_LIMITS, BILL_MESSAGES, type BillAttachmentView, DOCUMENT_LIMITS } from '@ferry/domain/schemas';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import type { FilesProvider } from '../../providers/files/files.js';
import { cleanFileName, invalidFile, sniffDocumentType } from '../contacts/documents-service.js';
import { attachmentView, findBillOrThrow } from './service.js';
import { billAttachments } from './tables.js';

type Context = Pick<AppContext, 'database' | 'clock'> & { providers: { files: FilesProvider } };

const EXTENSION: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

const limitReached = () =>
  new AppError('CONFLICT', BILL_MESSAGES.attachmentsLimit, {
    errors: [{ field: 'file', message: BILL_MESSAGES.attachmentsLimit }],
  });

/**
 * Where one kind of document keeps its attachments. Every attachments table has the columns of
 * `bill_attachments` but names its document column after the document (`bill_id`, `invoice_id`):
 * `documentColumn` and `documentKey` name it.
 */
export interface AttachmentKind<Row, View> {
  /** The folder of the files: businesses/{id}/{folder}/attachments/{attachmentId}.{ext}. */
  folder: string;
  table: typeof billAttachments;
  documentColumn: PgColumn;
  documentKey: string;
  /** The document of the business (404 otherwise), locked when asked. */
  findDocument: (
    db: DbOrTx,
    options: { businessId: string; documentId: string; forUpdate?: boolean },
  ) => Promise<unknown>;
  view: (row: Row) => View;
}

/** Upload, count and read the attachments of one kind of document (at most 5 per document). */
export function attachmentStore<Row, View>(kind: AttachmentKind<Row, View>) {
  const { table } = kind;
  const ofDocument = (documentId: string): SQL => eq(kind.documentColumn, documentId);

  /** Refuses (409) a document that already has its 5 attachments. */
  async function assertRoom(db: DbOrTx, documentId: string): Promise<void> {
    const [row] = await db.select({ total: count() }).from(table).where(ofDocument(documentId));
    if ((row?.total ?? 0) >= BILL_LIMITS.maxAttachments) throw limitReached();
  }

  /**
   * PDF, PNG or JPEG by its first bytes, at most 5 MB (the contact documents' rules and messages).
   * Without `documentId` the attachment waits for the document it is saved with; with one it joins that
   * document (at most 5 per document).
   */
  async function upload(
    context: Context,
    options: {
      businessId: string;
      userId: string | null;
      documentId: string | null;
      body: Buffer;
      fileName: string | undefined;
    },
  ): Promise<View> {
    const { body, documentId, businessId } = options;
    if (body.length === 0) throw invalidFile('VALIDATION_ERROR');
    if (body.length > DOCUMENT_LIMITS.maxBytes) throw invalidFile('PAYLOAD_TOO_LARGE');
    const contentType = sniffDocumentType(body);
    if (!contentType) throw invalidFile('UNSUPPORTED_MEDIA_TYPE');
    const id = newId();
    const extension = EXTENSION[contentType] ?? 'bin';
    const key = `businesses/${businessId}/${kind.folder}/attachments/${id}.${extension}`;
    const fileName = cleanFileName(options.fileName, extension);
    await context.providers.files.put(key, body, { contentType });
    try {
      const row = await context.database.db.transaction(async (tx) => {
        if (documentId) {
          await kind.findDocument(tx, { businessId, documentId, forUpdate: true });
          await assertRoom(tx, documentId);
        }
        const values = {
          id,
          businessId,
          fileKey: key,
          fileName,
          contentType,
          size: body.length,
          createdBy: options.userId,
          createdAt: context.clock.now(),
          [kind.documentKey]: documentId,
        } as typeof table.$inferInsert;
        const [inserted] = await tx.insert(table).values(values).returning();
        if (!inserted) throw new Error('attachment not inserted');
        return inserted as Row;
      });
      return kind.view(row);
    } catch (error) {
      await context.providers.files.delete(key).catch(() => undefined);
      throw error;
    }
  }

  /** An attachment's bytes with the type recorded at upload. */
  async function read(
    context: Context,
    options: { businessId: string; documentId: string; attachmentId: string },
  ): Promise<{ body: Buffer; contentType: string; fileName: string }> {
    const { db } = context.database;
    await kind.findDocument(db, options);
    const [row] = /^[0-9a-f]{24}$/.test(options.attachmentId)
      ? await db
          .select()
          .from(table)
          .where(
            and(
              eq(table.id, options.attachmentId),
              ofDocument(options.documentId),
              eq(table.businessId, options.businessId),
            ),
          )
          .limit(1)
      : [];
    if (!row) throw new AppError('NOT_FOUND', BILL_MESSAGES.attachmentNotFound);
    const stored = await context.providers.files.get(row.fileKey);
    if (!stored) throw new AppError('NOT_FOUND', BILL_MESSAGES.attachmentNotFound);
    return { body: stored.body, contentType: row.contentType, fileName: row.fileName };
  }

  return { assertRoom, upload, read, findDocument: kind.findDocument };
}

export const billAttachmentStore = attachmentStore({
  folder: 'bills',
  table: billAttachments,
  documentColumn: billAttachments.billId,
  documentKey: 'billId',
  findDocument: (db, options) => findBillOrThrow(db, { ...options, billId: options.documentId }),
  view: attachmentView,
});

/** Refuses (409) a bill that already has its 5 attachments. */
export const assertRoomForAttachment = billAttachmentStore.assertRoom;

/** POST upload-bill-attachment (see `attachmentStore`). */
export const uploadAttachment = (
  context: Context,
  options: {
    businessId: string;
    userId: string | null;
    billId: string | null;
    body: Buffer;
    fileName: string | undefined;
  },
): Promise<BillAttachmentView> =>
  billAttachmentStore.upload(context, { ...options, documentId: options.billId });

/** A bill attachment's bytes with the type recorded at upload. */
export const readAttachment = (
  context: Context,
  options: { businessId: string; billId: string; attachmentId: string },
) => billAttachmentStore.read(context, { ...options, documentId: options.billId });
