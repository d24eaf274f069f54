import { randomBytes } from 'node:crypto';

export interface MultipartPart {
  name: string;
  /** Given for a file part. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body for `app.inject`, with its content-type header. */
export function multipartBody(parts: MultipartPart[]): {
  payload: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----ferry-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A PNG-signed buffer of `size` bytes (the signature is what the server checks). */
export function pngBytes(size = 64): Buffer {
  const buffer = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buffer);
  return buffer;
}

/** A JPEG-signed buffer of `size` bytes. */
export function jpegBytes(size = 64): Buffer {
  const buffer = Buffer.alloc(size, 9);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(buffer);
  return buffer;
}

/** A PDF-signed buffer of `size` bytes. */
export function pdfBytes(size = 64): Buffer {
  const buffer = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.7\n').copy(buffer);
  return buffer;
}
