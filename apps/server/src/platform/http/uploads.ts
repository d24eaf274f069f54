import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

export type InvalidUploadCode = 'VALIDATION_ERROR' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE';

export interface FileUpload {
  body: Buffer | null;
  fileName: string | undefined;
  /** The small text fields of the upload, trimmed. */
  fields: Record<string, string>;
}

/**
 * Reads the one `file` part and the text fields of a multipart upload (in any order). `invalid` makes
 * the caller's error for a body that cannot be taken (not multipart, too large, too many parts, broken).
 */
export async function readFileUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  invalid: (code: InvalidUploadCode) => AppError,
): Promise<FileUpload> {
  if (!request.isMultipart()) throw invalid('UNSUPPORTED_MEDIA_TYPE');
  const result: FileUpload = { body: null, fileName: undefined, fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const body = await part.toBuffer();
        if (part.fieldname === 'file' && result.body === null) {
          result.body = body;
          result.fileName = part.filename;
        }
      } else if (typeof part.value === 'string') {
        result.fields[part.fieldname] = part.value.trim();
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw invalid('PAYLOAD_TOO_LARGE');
    if (error instanceof AppError) throw error;
    throw invalid('VALIDATION_ERROR');
  }
  return result;
}

/** Sends a stored file with a safe Content-Disposition (ASCII fallback plus the UTF-8 name). */
export const sendFile = (
  reply: FastifyReply,
  file: { body: Buffer; contentType: string; fileName: string },
  disposition: 'attachment' | 'inline',
) => {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type(file.contentType)
    .header(
      'content-disposition',
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
};
