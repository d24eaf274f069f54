import { BILL_LIMITS, BILL_MESSAGES, type BillAttachmentView, DOCUMENT_LIMITS } from '@ferry/domain/schemas';
import { and, count, eq } from 'drizzle-orm';
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

/** Refuses (409) a bill that already has its 5 attachments. */
export async function assertRoomForAttachment(db: DbOrTx, billId: string): Promise<void> {
  const [row] = await db
    .select({ total: count() })
    .from(billAttachments)
    .where(eq(billAttachments.billId, billId));
  if ((row?.total ?? 0) >= BILL_LIMITS.maxAttachments) throw limitReached();
}

/**
 * POST upload-bill-attachment: PDF, PNG or JPEG by its first bytes, at most 5 MB (the contact documents'
 * rules and messages). Without `billId` the attachment waits for the bill it is saved with; with one
 * it joins that bill (at most 5 per bill).
 */
export async function uploadAttachment(
  context: Context,
  options: {
    businessId: string;
    userId: string | null;
    billId: string | null;
    body: Buffer;
    fileName: string | undefined;
  },
): Promise<BillAttachmentView> {
  const { body } = options;
  if (body.length === 0) throw invalidFile('VALIDATION_ERROR');
  if (body.length > DOCUMENT_LIMITS.maxBytes) throw invalidFile('PAYLOAD_TOO_LARGE');
  const contentType = sniffDocumentType(body);
  if (!contentType) throw invalidFile('UNSUPPORTED_MEDIA_TYPE');
  const { db } = context.database;
  const id = newId();
  const extension = EXTENSION[contentType] ?? 'bin';
  const key = `businesses/${options.businessId}/bills/attachments/${id}.${extension}`;
  const fileName = cleanFileName(options.fileName, extension);
  await context.providers.files.put(key, body, { contentType });
  try {
    const row = await db.transaction(async (tx) => {
      if (options.billId) {
        await findBillOrThrow(tx, {
          businessId: options.businessId,
          billId: options.billId,
          forUpdate: true,
        });
        await assertRoomForAttachment(tx, options.billId);
      }
      const [inserted] = await tx
        .insert(billAttachments)
        .values({
          id,
          businessId: options.businessId,
          billId: options.billId,
          fileKey: key,
          fileName,
          contentType,
          size: body.length,
          createdBy: options.userId,
          createdAt: context.clock.now(),
        })
        .returning();
      if (!inserted) throw new Error('attachment not inserted');
      return inserted;
    });
    return attachmentView(row);
  } catch (error) {
    await context.providers.files.delete(key).catch(() => undefined);
    throw error;
  }
}

/** An attachment's bytes with the type recorded at upload. */
export async function readAttachment(
  context: Context,
  options: { businessId: string; billId: string; attachmentId: string },
): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const { db } = context.database;
  await findBillOrThrow(db, options);
  const [row] = /^[0-9a-f]{24}$/.test(options.attachmentId)
    ? await db
        .select()
        .from(billAttachments)
        .where(
          and(
            eq(billAttachments.id, options.attachmentId),
            eq(billAttachments.billId, options.billId),
            eq(billAttachments.businessId, options.businessId),
          ),
        )
        .limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND', BILL_MESSAGES.attachmentNotFound);
  const stored = await context.providers.files.get(row.fileKey);
  if (!stored) throw new AppError('NOT_FOUND', BILL_MESSAGES.attachmentNotFound);
  return { body: stored.body, contentType: row.contentType, fileName: row.fileName };
}
