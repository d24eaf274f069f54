import { billPdfLinkSchema } from '@ferry/domain';
import { API_BASE_URL, api } from '@/lib/api-client';

/** A bill's or an invoice's PDF: the link the download call answers, and its bytes when it is our API's. */
export type DocumentPdf = { fileUrl: string; data: Uint8Array | null };

/** `/api/business/…/pdf` → `/business/…/pdf` (a path for the API client); null for any other URL. */
export const toApiPath = (fileUrl: string): string | null =>
  fileUrl.startsWith(`${API_BASE_URL}/`) ? fileUrl.slice(API_BASE_URL.length) : null;

/**
 * `GET download-{bill|invoice}-pdf/{id}` → `{ fileUrl }`, then the PDF itself through the API client, so
 * it carries the session like every other call (a bearer-only session has no cookie for PDF.js to send).
 */
export const fetchDocumentPdf = async (
  businessId: string,
  kind: 'bill' | 'invoice',
  documentId: string,
  signal?: AbortSignal,
): Promise<DocumentPdf> => {
  const enc = encodeURIComponent;
  const { fileUrl } = await api.get(`/business/${enc(businessId)}/download-${kind}-pdf/${enc(documentId)}`, {
    schema: billPdfLinkSchema,
    signal,
  });
  const path = toApiPath(fileUrl);
  if (path === null) return { fileUrl, data: null };
  const blob = await api.get<Blob>(path, { responseType: 'blob', signal });
  return { fileUrl, data: new Uint8Array(await blob.arrayBuffer()) };
};

/** A file name from a bill's or invoice's reference (letters, digits, '-', '_', '.', space). */
export const pdfFileNameOf = (refNo: string, fallback: 'bill' | 'invoice'): string =>
  `${refNo.replace(/[^\w.\- ]+/g, '').trim() || fallback}.pdf`;
