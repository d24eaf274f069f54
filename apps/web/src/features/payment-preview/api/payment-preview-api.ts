import {
  billViewSchema,
  invoiceViewSchema,
  paymentDetailSchema,
  paymentRequestDetailSchema,
  receivedPaymentDetailSchema,
} from '@ferry/domain';
import { useQuery } from '@tanstack/react-query';
import { type DocumentPdf, fetchDocumentPdf } from '@/components/pdf-viewer/document-pdf';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { sharedQueryKeys } from '@/lib/query-keys';

const enc = encodeURIComponent;
const base = (businessId: string) => `/business/${enc(businessId)}`;

/**
 * Bill mode (a path with 'bill': the payer previews the bill it pays) or Get Paid mode (the payee
 * previews the invoice a payment it receives is for), spec 002 §2 'Payment preview'.
 */
export type PreviewMode = 'bill' | 'invoice';

/** The preview's mode from its path: Bill mode when the path contains 'bill'. */
export const previewModeOf = (pathname: string): PreviewMode =>
  pathname.includes('bill') ? 'bill' : 'invoice';

/** What the preview shows about the document, whether it was reached through a payment or directly. */
export type PreviewTarget = {
  mode: PreviewMode;
  /** The payment previewed, or null when `:paymentId` was the document's id (a preview before paying). */
  paymentId: string | null;
  /** The bill (Bill mode) or the invoice (Get Paid mode). */
  documentId: string;
  refNo: string;
  /** Its bill date or invoice date. */
  documentDate: string;
  dueDate: string;
  /** What is still due on it (decimal dollars). */
  balance: number;
  /** The other party: the vendor being paid (Bill mode) or the paying customer (Get Paid mode). */
  counterpartyName: string;
};

export const paymentPreviewKeys = {
  /** Under the payments prefix: a payment change (pay, cancel, delivery…) refreshes the preview too. */
  target: (businessId: string, paymentId: string) =>
    [...sharedQueryKeys.payments(businessId), 'preview', paymentId] as const,
  /** Under the bills prefix: an edited or paid bill is drawn again. */
  pdf: (businessId: string, billId: string) => [...sharedQueryKeys.bills(businessId), 'pdf', billId] as const,
  /** Get Paid mode's: under the invoices prefix, so a paid or edited invoice is read again. */
  invoiceTarget: (businessId: string, paymentId: string) =>
    ['invoices', businessId, 'preview', paymentId] as const,
  invoicePdf: (businessId: string, invoiceId: string) =>
    ['invoices', businessId, 'preview-pdf', invoiceId] as const,
  paymentRequest: (businessId: string, paymentRequestId: string) =>
    ['payment-requests', businessId, 'preview', paymentRequestId] as const,
};

/** 404 lets the id be taken as the document's own; anything else fails the preview. */
const unlessNotFound = (error: unknown) => {
  if (!(isApiError(error) && error.statusCode === 404)) throw error;
};

/**
 * Bill mode: `GET payments/{id}`; when no such payment exists (404) the id is taken as a bill's
 * (`GET bills/{id}`): the make-payment page links here to preview a bill before paying it.
 */
const fetchBillTarget = async (
  businessId: string,
  paymentId: string,
  signal?: AbortSignal,
): Promise<PreviewTarget> => {
  try {
    const payment = await api.get(`${base(businessId)}/payments/${enc(paymentId)}`, {
      schema: paymentDetailSchema,
      signal,
    });
    return {
      mode: 'bill',
      paymentId: payment.id,
      documentId: payment.bill.id,
      refNo: payment.bill.refNo,
      documentDate: payment.bill.billDate,
      dueDate: payment.bill.dueDate,
      balance: payment.bill.balance,
      counterpartyName: payment.vendor.name,
    };
  } catch (error) {
    unlessNotFound(error);
  }
  const bill = await api.get(`${base(businessId)}/bills/${enc(paymentId)}`, {
    schema: billViewSchema,
    signal,
  });
  return {
    mode: 'bill',
    paymentId: null,
    documentId: bill.id,
    refNo: bill.refNo,
    documentDate: bill.billDate,
    dueDate: bill.dueDate,
    balance: bill.balance,
    counterpartyName: bill.vendorName,
  };
};

/**
 * Get Paid mode: `GET payments/received/{id}` (a payment the business receives) then its invoice
 * (`GET invoices/{invoiceId}`); when no such payment exists (404) the id is taken as an invoice's.
 */
const fetchInvoiceTarget = async (
  businessId: string,
  paymentId: string,
  signal?: AbortSignal,
): Promise<PreviewTarget> => {
  let invoiceId = paymentId;
  let received: { id: string; customerName: string } | null = null;
  try {
    const payment = await api.get(`${base(businessId)}/payments/received/${enc(paymentId)}`, {
      schema: receivedPaymentDetailSchema,
      signal,
    });
    received = { id: payment.id, customerName: payment.customer.name };
    invoiceId = payment.invoice.id ?? '';
  } catch (error) {
    unlessNotFound(error);
  }
  const invoice = await api.get(`${base(businessId)}/invoices/${enc(invoiceId)}`, {
    schema: invoiceViewSchema,
    signal,
  });
  return {
    mode: 'invoice',
    paymentId: received?.id ?? null,
    documentId: invoice.id,
    refNo: invoice.refNo,
    documentDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    balance: invoice.balance,
    counterpartyName: received?.customerName ?? invoice.customerName,
  };
};

export const fetchPreviewTarget = (
  businessId: string,
  paymentId: string,
  mode: PreviewMode = 'bill',
  signal?: AbortSignal,
): Promise<PreviewTarget> =>
  mode === 'bill'
    ? fetchBillTarget(businessId, paymentId, signal)
    : fetchInvoiceTarget(businessId, paymentId, signal);

export const usePreviewTarget = (businessId: string, paymentId: string, mode: PreviewMode = 'bill') =>
  useQuery({
    queryKey:
      mode === 'bill'
        ? paymentPreviewKeys.target(businessId, paymentId)
        : paymentPreviewKeys.invoiceTarget(businessId, paymentId),
    queryFn: ({ signal }) => fetchPreviewTarget(businessId, paymentId, mode, signal),
    enabled: businessId !== '' && paymentId !== '',
  });

/** The document's PDF (`GET download-bill-pdf/{id}` or `download-invoice-pdf/{id}`, then its bytes). */
export const useDocumentPdf = (businessId: string, mode: PreviewMode, documentId: string | undefined) =>
  useQuery({
    queryKey:
      mode === 'bill'
        ? paymentPreviewKeys.pdf(businessId, documentId ?? '')
        : paymentPreviewKeys.invoicePdf(businessId, documentId ?? ''),
    queryFn: ({ signal }): Promise<DocumentPdf> =>
      fetchDocumentPdf(businessId, mode, documentId ?? '', signal),
    enabled: businessId !== '' && Boolean(documentId),
  });

/**
 * `GET payment-requests/{id}`: with `?paymentRequestId=` the header names the request's sender as the
 * payee. Payment requests are never cached (spec 002 §9).
 */
export const usePreviewPaymentRequest = (businessId: string, paymentRequestId: string | null) =>
  useQuery({
    queryKey: paymentPreviewKeys.paymentRequest(businessId, paymentRequestId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/payment-requests/${enc(paymentRequestId ?? '')}`, {
        schema: paymentRequestDetailSchema,
        signal,
      }),
    enabled: businessId !== '' && Boolean(paymentRequestId),
    staleTime: 0,
    gcTime: 0,
  });
