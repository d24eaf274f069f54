import { billViewSchema, paymentDetailSchema, paymentRequestDetailSchema } from '@ferry/domain';
import { useQuery } from '@tanstack/react-query';
import { type DocumentPdf, fetchDocumentPdf } from '@/components/pdf-viewer/document-pdf';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { sharedQueryKeys } from '@/lib/query-keys';

const enc = encodeURIComponent;
const base = (businessId: string) => `/business/${enc(businessId)}`;

/** What the preview shows about the bill, whether it was reached through a payment or directly. */
export type PreviewTarget = {
  /** The payment previewed, or null when `:paymentId` was a bill's id (preview before paying). */
  paymentId: string | null;
  billId: string;
  refNo: string;
  billDate: string;
  dueDate: string;
  /** The bill's balance (decimal dollars). */
  balance: number;
  /** The vendor being paid. */
  payeeName: string;
};

export const paymentPreviewKeys = {
  /** Under the payments prefix: a payment change (pay, cancel, delivery…) refreshes the preview too. */
  target: (businessId: string, paymentId: string) =>
    [...sharedQueryKeys.payments(businessId), 'preview', paymentId] as const,
  /** Under the bills prefix: an edited or paid bill is drawn again. */
  pdf: (businessId: string, billId: string) => [...sharedQueryKeys.bills(businessId), 'pdf', billId] as const,
  paymentRequest: (businessId: string, paymentRequestId: string) =>
    ['payment-requests', businessId, 'preview', paymentRequestId] as const,
};

/**
 * `GET payments/{id}`; when no such payment exists (404) the id is taken as a bill's
 * (`GET bills/{id}`): the make-payment page links here to preview a bill before paying it.
 */
export const fetchPreviewTarget = async (
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
      paymentId: payment.id,
      billId: payment.bill.id,
      refNo: payment.bill.refNo,
      billDate: payment.bill.billDate,
      dueDate: payment.bill.dueDate,
      balance: payment.bill.balance,
      payeeName: payment.vendor.name,
    };
  } catch (error) {
    if (!(isApiError(error) && error.statusCode === 404)) throw error;
  }
  const bill = await api.get(`${base(businessId)}/bills/${enc(paymentId)}`, {
    schema: billViewSchema,
    signal,
  });
  return {
    paymentId: null,
    billId: bill.id,
    refNo: bill.refNo,
    billDate: bill.billDate,
    dueDate: bill.dueDate,
    balance: bill.balance,
    payeeName: bill.vendorName,
  };
};

export const usePreviewTarget = (businessId: string, paymentId: string) =>
  useQuery({
    queryKey: paymentPreviewKeys.target(businessId, paymentId),
    queryFn: ({ signal }) => fetchPreviewTarget(businessId, paymentId, signal),
    enabled: businessId !== '' && paymentId !== '',
  });

/**
 * The bill's PDF (`GET download-bill-pdf/{billId}`, then its bytes through the API client).
 */
export const useBillPdf = (businessId: string, billId: string | undefined) =>
  useQuery({
    queryKey: paymentPreviewKeys.pdf(businessId, billId ?? ''),
    queryFn: ({ signal }): Promise<DocumentPdf> => fetchDocumentPdf(businessId, 'bill', billId ?? '', signal),
    enabled: businessId !== '' && Boolean(billId),
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
