import type { AppAbility } from '@ferry/domain/permissions';
import {
  CONTACT_API_MESSAGES,
  CONTACT_ENTITY_TYPE,
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  type DocumentList,
  type DocumentView,
} from '@ferry/domain/schemas';
import { and, asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import type { FilesProvider } from '../../providers/files/files.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { assertContactRight, findContactOrThrow, SUBJECT_OF } from './access.js';
import { type ContactDocumentRow, type ContactRow, contactDocuments } from './tables.js';

type Context = Pick<AppContext, 'database' | 'clock'> & { providers: { files: FilesProvider } };

export type DocumentMimeType = (typeof DOCUMENT_LIMITS.mimeTypes)[number];

const EXTENSION: Record<DocumentMimeType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

const startsWith = (body: Buffer, signature: number[]): boolean =>
  body.length >= signature.length && signature.every((byte, i) => body[i] === byte);

/** PDF, PNG or JPEG by the file's first bytes (its name and declared type do not count), else null. */
export function sniffDocumentType(body: Buffer): DocumentMimeType | null {
  if (startsWith(body, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (startsWith(body, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(body, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

export const invalidFile = (code: 'VALIDATION_ERROR' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE') =>
  new AppError(code, DOCUMENT_MESSAGES.invalidFile, {
    errors: [{ field: 'file', message: DOCUMENT_MESSAGES.invalidFile }],
  });

const limitReached = () =>
  new AppError('CONFLICT', DOCUMENT_MESSAGES.limit, {
    errors: [{ field: 'file', message: DOCUMENT_MESSAGES.limit }],
  });

/** A file name safe to keep and show: its last path segment, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined, fallbackExtension: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((ch) => ch !== '"' && (ch.codePointAt(0) ?? 0) > 0x1f && ch !== '\u007f')
    .join('')
    .trim()
    .slice(-200);
  return cleaned === '' ? `document.${fallbackExtension}` : cleaned;
}

const toView = (businessId: string, row: ContactDocumentRow): DocumentView => ({
  id: row.id,
  contactId: row.contactId,
  fileName: row.fileName,
  mimeType: row.contentType,
  size: row.size,
  documentType: row.documentType,
  entityType: row.entityType,
  url: `/api/business/${businessId}/accounting/contacts/${row.contactId}/documents/${row.id}/download`,
  createdAt: row.createdAt.toISOString(),
});

/** The contact of a document call, after checking the member's right on its type. */
export async function contactForDocuments(
  db: DbOrTx,
  options: { businessId: string; contactId: string; ability: AppAbility; action: 'read' | 'manage' },
): Promise<ContactRow> {
  const contact = await findContactOrThrow(db, options);
  assertContactRight(options.ability, options.action, contact.type);
  return contact;
}

const countDocuments = async (db: DbOrTx, contactId: string): Promise<number> => {
  const [row] = await db
    .select({ total: count() })
    .from(contactDocuments)
    .where(eq(contactDocuments.contactId, contactId));
  return row?.total ?? 0;
};

export async function listDocuments(
  context: Context,
  options: { businessId: string; contactId: string; ability: AppAbility },
): Promise<DocumentList> {
  const { db } = context.database;
  const contact = await contactForDocuments(db, { ...options, action: 'read' });
  const rows = await db
    .select()
    .from(contactDocuments)
    .where(eq(contactDocuments.contactId, contact.id))
    .orderBy(asc(contactDocuments.createdAt), asc(contactDocuments.sequence));
  return {
    items: rows.map((row) => toView(options.businessId, row)),
    total: rows.length,
    maxCount: DOCUMENT_LIMITS.maxCount,
  };
}

/** Refuses early (before anything is stored) a contact that already has its 5 documents. */
export async function assertRoomForDocument(db: DbOrTx, contactId: string): Promise<void> {
  if ((await countDocuments(db, contactId)) >= DOCUMENT_LIMITS.maxCount) throw limitReached();
}

/**
 * Stores a document: type by its first bytes, at most 5 MB, at most 5 per contact. The file is written
 * first; then, with the contact row locked (so two uploads cannot both take the fifth place), the count
 * is checked again and the row and its activity entry are written. A refused or failed insert removes
 * the file again.
 */
export async function uploadDocument(
  context: Context,
  options: {
    businessId: string;
    contact: ContactRow;
    actor: Actor;
    body: Buffer;
    fileName: string | undefined;
    documentType: string;
    entityType: string | null;
  },
): Promise<DocumentView> {
  const { body, contact } = options;
  if (body.length === 0) throw invalidFile('VALIDATION_ERROR');
  if (body.length > DOCUMENT_LIMITS.maxBytes) throw invalidFile('PAYLOAD_TOO_LARGE');
  const contentType = sniffDocumentType(body);
  if (!contentType) throw invalidFile('UNSUPPORTED_MEDIA_TYPE');
  const { db } = context.database;
  const { files } = context.providers;

  const id = newId();
  const extension = EXTENSION[contentType];
  const key = `businesses/${options.businessId}/contacts/${contact.id}/documents/${id}.${extension}`;
  const fileName = cleanFileName(options.fileName, extension);
  await files.put(key, body, { contentType });
  const now = context.clock.now();
  try {
    const row = await db.transaction(async (tx) => {
      await findContactOrThrow(tx, {
        businessId: options.businessId,
        contactId: contact.id,
        forUpdate: true,
      });
      await assertRoomForDocument(tx, contact.id);
      const [inserted] = await tx
        .insert(contactDocuments)
        .values({
          id,
          businessId: options.businessId,
          contactId: contact.id,
          fileKey: key,
          fileName,
          contentType,
          size: body.length,
          documentType: options.documentType,
          entityType: options.entityType,
          createdBy: options.actor.userId,
          createdAt: now,
        })
        .returning();
      if (!inserted) throw new Error('document not inserted');
      await recordActivity(tx, {
        businessId: options.businessId,
        entityType: CONTACT_ENTITY_TYPE,
        entityId: contact.id,
        subject: SUBJECT_OF[contact.type],
        action: 'DOCUMENT_UPLOADED',
        label: 'Document uploaded',
        actor: options.actor,
        remarks: fileName,
        data: { documentId: id, size: body.length, contentType },
        at: now,
      });
      return inserted;
    });
    return toView(options.businessId, row);
  } catch (error) {
    await files.delete(key).catch(() => undefined);
    throw error;
  }
}

async function findDocument(
  db: DbOrTx,
  options: { businessId: string; contactId: string; documentId: string },
): Promise<ContactDocumentRow> {
  const [row] = /^[0-9a-f]{24}$/.test(options.documentId)
    ? await db
        .select()
        .from(contactDocuments)
        .where(
          and(
            eq(contactDocuments.id, options.documentId),
            eq(contactDocuments.contactId, options.contactId),
            eq(contactDocuments.businessId, options.businessId),
          ),
        )
        .limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND', CONTACT_API_MESSAGES.documentNotFound);
  return row;
}

/** Deletes a document (row and activity entry together, then the file). */
export async function deleteDocument(
  context: Context,
  options: { businessId: string; contactId: string; documentId: string; ability: AppAbility; actor: Actor },
): Promise<{ id: string }> {
  const { db } = context.database;
  const contact = await contactForDocuments(db, { ...options, action: 'manage' });
  const now = context.clock.now();
  const removed = await db.transaction(async (tx) => {
    const row = await findDocument(tx, { ...options, contactId: contact.id });
    await tx.delete(contactDocuments).where(eq(contactDocuments.id, row.id));
    await recordActivity(tx, {
      businessId: options.businessId,
      entityType: CONTACT_ENTITY_TYPE,
      entityId: contact.id,
      subject: SUBJECT_OF[contact.type],
      action: 'DOCUMENT_DELETED',
      label: 'Document deleted',
      actor: options.actor,
      remarks: row.fileName,
      data: { documentId: row.id },
      at: now,
    });
    return row;
  });
  // The row is gone: a file left behind is an orphan nobody can reach, nothing worse.
  await context.providers.files.delete(removed.fileKey).catch(() => undefined);
  return { id: removed.id };
}

/** A document's bytes with the type recorded at upload (never what the store says). */
export async function readDocument(
  context: Context,
  options: { businessId: string; contactId: string; documentId: string; ability: AppAbility },
): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const { db } = context.database;
  const contact = await contactForDocuments(db, { ...options, action: 'read' });
  const row = await findDocument(db, { ...options, contactId: contact.id });
  const stored = await context.providers.files.get(row.fileKey);
  if (!stored) throw new AppError('NOT_FOUND', CONTACT_API_MESSAGES.documentNotFound);
  return { body: stored.body, contentType: row.contentType, fileName: row.fileName };
}
