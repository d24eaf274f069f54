import {
  pagedSchema,
  type ReceivedFilterType,
  type ReceivedPaymentSortKey,
  receivedPaymentDetailSchema,
  receivedPaymentsSummarySchema,
  receivedPaymentViewSchema,
} from '@ferry/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoiceKeys } from './invoices-api';

/** Get Paid > Payments' query (spec 002 §7 `GET payments (payeeId, …, customerName, status)`). */
export type ReceivedPaymentsParams = {
  pageNumber: number;
  pageSize: number;
  sortBy: ReceivedPaymentSortKey;
  sortOrder: 'asc' | 'desc';
  customerName: string;
  filterType: ReceivedFilterType | null;
  /** Status query values ('DELIVERED', 'PROCESSING,HOLD' …), joined with commas. */
  statuses: readonly string[];
};

const enc = encodeURIComponent;
const base = (businessId: string) => `/business/${enc(businessId)}`;

/** Under the invoices prefix: marking an invoice as paid or a request's change refreshes them too. */
export const receivedPaymentKeys = {
  all: (businessId: string) => [...invoiceKeys.business(businessId), 'received-payments'] as const,
  list: (businessId: string, params: ReceivedPaymentsParams) =>
    [...receivedPaymentKeys.all(businessId), 'list', params] as const,
  summary: (businessId: string) => [...receivedPaymentKeys.all(businessId), 'summary'] as const,
  detail: (businessId: string, paymentId: string) =>
    [...receivedPaymentKeys.all(businessId), 'detail', paymentId] as const,
};

const receivedPageSchema = pagedSchema(receivedPaymentViewSchema);

/** The query string of `GET payments?payeeId=`: the business itself is the payee; empty filters left out. */
export const toReceivedPaymentsQuery = (businessId: string, params: ReceivedPaymentsParams) => ({
  payeeId: businessId,
  pageNumber: params.pageNumber,
  pageSize: params.pageSize,
  sortBy: params.sortBy,
  sortOrder: params.sortOrder,
  customerName: params.customerName.trim() || undefined,
  filterType: params.filterType ?? undefined,
  status: params.statuses.length > 0 ? params.statuses.join(',') : undefined,
});

export const receivedPaymentsQueryOptions = (businessId: string, params: ReceivedPaymentsParams) =>
  queryOptions({
    queryKey: receivedPaymentKeys.list(businessId, params),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/payments`, {
        query: toReceivedPaymentsQuery(businessId, params),
        schema: receivedPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** `GET payments?payeeId={businessId}`: the payments the business receives, paged on the server. */
export const useReceivedPayments = (businessId: string, params: ReceivedPaymentsParams, enabled = true) =>
  useQuery({ ...receivedPaymentsQueryOptions(businessId, params), enabled: enabled && businessId !== '' });

/** `GET invoices/summary/payments`: processing, received this month and attention required. */
export const useReceivedPaymentsSummary = (businessId: string, enabled = true) =>
  useQuery({
    queryKey: receivedPaymentKeys.summary(businessId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/invoices/summary/payments`, {
        schema: receivedPaymentsSummarySchema,
        signal,
      }),
    enabled: enabled && businessId !== '',
  });

/** `GET payments/received/{paymentId}`: a received payment with the receiving side's timeline. */
export const fetchReceivedPayment = (businessId: string, paymentId: string, signal?: AbortSignal) =>
  api.get(`${base(businessId)}/payments/received/${enc(paymentId)}`, {
    schema: receivedPaymentDetailSchema,
    signal,
  });

export const useReceivedPayment = (businessId: string, paymentId: string, enabled = true) =>
  useQuery({
    queryKey: receivedPaymentKeys.detail(businessId, paymentId),
    queryFn: ({ signal }) => fetchReceivedPayment(businessId, paymentId, signal),
    enabled: enabled && businessId !== '' && paymentId !== '',
  });
