import { z } from 'zod';

/*
 * Uploaded documents (contact documents, bill attachments): their limits and messages, apart from the
 * contact schemas so that the bill pages do not load the phone and email checks with them.
 */

export const DOCUMENT_LIMITS = {
  maxCount: 5,
  maxBytes: 5_242_880,
  mimeTypes: ['application/pdf', 'image/png', 'image/jpeg'],
  extensions: ['pdf', 'png', 'jpeg', 'jpg'],
} as const;

export const DOCUMENT_MESSAGES = {
  invalidFile: "File couldn't be uploaded. Supported formats: PDF, JPG, PNG. Max size: 5MB.",
  limit: 'Upload limit exceeded. Please remove an existing document to upload a new one.',
} as const;

/** A contact document to upload: PDF, PNG or JPEG of at most 5 MB. */
export const documentFileSchema = z.object({
  name: z
    .string()
    .refine(
      (n) =>
        (DOCUMENT_LIMITS.extensions as readonly string[]).includes(n.split('.').pop()?.toLowerCase() ?? ''),
      {
        error: DOCUMENT_MESSAGES.invalidFile,
      },
    ),
  type: z.enum(DOCUMENT_LIMITS.mimeTypes, { error: DOCUMENT_MESSAGES.invalidFile }),
  size: z.number().int().min(1, { error: DOCUMENT_MESSAGES.invalidFile }).max(DOCUMENT_LIMITS.maxBytes, {
    error: DOCUMENT_MESSAGES.invalidFile,
  }),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;
