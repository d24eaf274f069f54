import { type DocumentList, type DocumentView, documentListSchema, documentViewSchema } from '@ferry/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, buildApiUrl } from '@/lib/api-client';
import { activityLogKeys } from '../activity-log/get-activity-logs';

export type ContactDocument = DocumentView;
export type ContactDocumentList = DocumentList;

type ContactRef = { businessId: string; contactId: string };

export const contactDocumentKeys = {
  list: ({ businessId, contactId }: ContactRef) => ['contact-documents', businessId, contactId] as const,
};

const documentsPath = ({ businessId, contactId }: ContactRef) =>
  `/business/${encodeURIComponent(businessId)}/accounting/contacts/${encodeURIComponent(contactId)}/documents`;

/** `GET .../contacts/{contactId}/documents`: `{ items (oldest first), total, maxCount }`. */
export const getContactDocuments = (ref: ContactRef, signal?: AbortSignal) =>
  api.get(documentsPath(ref), { schema: documentListSchema, ...(signal ? { signal } : {}) });

/**
 * Where the browser downloads a document: the server's same-origin `url` (the session cookie goes
 * along). A path given without the API base gets it.
 */
export const getDocumentHref = (document: ContactDocument): string =>
  /^(https?:)?\/\//.test(document.url) || document.url.startsWith(`${buildApiUrl('/')}`)
    ? document.url
    : buildApiUrl(document.url);

/** `POST .../documents`: multipart with `documentType` (OTHER) and the `file`. */
export const uploadContactDocument = (ref: ContactRef, file: File) => {
  const form = new FormData();
  form.append('documentType', 'OTHER');
  form.append('file', file);
  return api.post(documentsPath(ref), form, { schema: documentViewSchema });
};

/** `DELETE .../documents/{documentId}`. */
export const deleteContactDocument = (ref: ContactRef, documentId: string) =>
  api.delete(`${documentsPath(ref)}/${encodeURIComponent(documentId)}`, {
    schema: z.object({ id: z.string() }),
  });

export const useContactDocuments = (ref: ContactRef) =>
  useQuery(
    queryOptions({
      queryKey: contactDocumentKeys.list(ref),
      queryFn: ({ signal }) => getContactDocuments(ref, signal),
      enabled: Boolean(ref.businessId && ref.contactId),
    }),
  );

/** After a change the list and the activity logs are refreshed (the change wrote a log entry). */
const useInvalidateDocuments = (ref: ContactRef) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: contactDocumentKeys.list(ref) }),
      queryClient.invalidateQueries({ queryKey: activityLogKeys.all }),
    ]);
};

export const useUploadContactDocument = (ref: ContactRef) => {
  const invalidate = useInvalidateDocuments(ref);
  return useMutation({
    mutationFn: (file: File) => uploadContactDocument(ref, file),
    onSuccess: invalidate,
  });
};

export const useDeleteContactDocument = (ref: ContactRef) => {
  const invalidate = useInvalidateDocuments(ref);
  return useMutation({
    mutationFn: (documentId: string) => deleteContactDocument(ref, documentId),
    onSuccess: invalidate,
  });
};
