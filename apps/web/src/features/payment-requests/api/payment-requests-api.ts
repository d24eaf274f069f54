import {
  businessesToMapSchema,
  type DUE_DATE_FILTERS,
  linkBillResultSchema,
  type PaymentRequestSortKey,
  pagedSchema,
  paymentRequestDetailSchema,
  paymentRequestListItemSchema,
  paymentRequestsReviewSummarySchema,
  type SUMMARY_FILTERS,
  sandboxPaymentRequestInfoSchema,
  sandboxPaymentRequestResultSchema,
} from '@ferry/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { sharedQueryKeys } from '@/lib/query-keys';

export type SummaryFilter = (typeof SUMMARY_FILTERS)[number];
export type DueDateFilter = (typeof DUE_DATE_FILTERS)[number];

export type PaymentRequestsParams = {
  pageNumber: number;
  pageSize: number;
  sortBy: PaymentRequestSortKey;
  sortOrder: 'asc' | 'desc';
  billSummaryType: SummaryFilter | null;
  dateRange: DueDateFilter | null;
};

const base = (businessId: string) => `/business/${encodeURIComponent(businessId)}`;

export const paymentRequestKeys = {
  business: (businessId: string) => ['payment-requests', businessId] as const,
  lists: (businessId: string) => [...paymentRequestKeys.business(businessId), 'list'] as const,
  list: (businessId: string, params: PaymentRequestsParams) =>
    [...paymentRequestKeys.lists(businessId), params] as const,
  summary: (businessId: string) => [...paymentRequestKeys.business(businessId), 'summary'] as const,
  detail: (businessId: string, id: string) =>
    [...paymentRequestKeys.business(businessId), 'detail', id] as const,
  toMap: (businessId: string, id: string) =>
    [...paymentRequestKeys.business(businessId), 'to-map', id] as const,
  sandbox: ['sandbox', 'payment-requests'] as const,
};

const pageSchema = pagedSchema(paymentRequestListItemSchema);

/** Payment requests are never cached (spec 002 §9): fetched on every visit, dropped when unused. */
const NEVER_CACHED = { staleTime: 0, gcTime: 0 } as const;

/** `GET payment-requests`: the open requests received, sorted, filtered and paged on the server. */
export const usePaymentRequests = (businessId: string, params: PaymentRequestsParams) =>
  useQuery({
    queryKey: paymentRequestKeys.list(businessId, params),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/payment-requests`, {
        // The API client leaves the empty (null) filters out.
        query: params,
        schema: pageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    ...NEVER_CACHED,
  });

/** `GET bills/summary/review`: the For Review cards. */
export const useReviewSummary = (businessId: string) =>
  useQuery({
    queryKey: paymentRequestKeys.summary(businessId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/bills/summary/review`, {
        schema: paymentRequestsReviewSummarySchema,
        signal,
      }),
    ...NEVER_CACHED,
  });

/** `GET payment-requests/{id}/businesses-to-map`: the vendors that could be the sender. */
export const useBusinessesToMap = (businessId: string, paymentRequestId: string | null) =>
  useQuery({
    queryKey: paymentRequestKeys.toMap(businessId, paymentRequestId ?? ''),
    queryFn: ({ signal }) =>
      api.get(
        `${base(businessId)}/payment-requests/${encodeURIComponent(paymentRequestId ?? '')}/businesses-to-map`,
        { schema: businessesToMapSchema, signal },
      ),
    enabled: paymentRequestId !== null,
    ...NEVER_CACHED,
  });

const useRefreshAfterChange = (businessId: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: paymentRequestKeys.business(businessId),
        refetchType: 'all',
      }),
      // A new bill (link-bill) or vendor changes the Bills tab too.
      queryClient.invalidateQueries({ queryKey: sharedQueryKeys.bills(businessId), refetchType: 'all' }),
    ]);
};

/** `GET payment-requests/{id}`: one request received, with its lines and timeline (never cached). */
export const usePaymentRequest = (businessId: string, paymentRequestId: string | null) =>
  useQuery({
    queryKey: paymentRequestKeys.detail(businessId, paymentRequestId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/payment-requests/${encodeURIComponent(paymentRequestId ?? '')}`, {
        schema: paymentRequestDetailSchema,
        signal,
      }),
    enabled: businessId !== '' && Boolean(paymentRequestId),
    ...NEVER_CACHED,
  });

/** `POST payment-requests/{id}/map-business`: `contactId`, or none to add the sender as a new vendor. */
export const useMapBusiness = (businessId: string) => {
  const refresh = useRefreshAfterChange(businessId);
  return useMutation({
    mutationFn: (input: { paymentRequestId: string; contactId: string | null }) =>
      api.post(
        `${base(businessId)}/payment-requests/${encodeURIComponent(input.paymentRequestId)}/map-business`,
        input.contactId ? { contactId: input.contactId } : {},
        { schema: paymentRequestDetailSchema },
      ),
    onSuccess: () => refresh(),
  });
};

/** `POST payment-requests/{id}/link-bill`: the request's bill (made once; a second call answers the same). */
export const useLinkBill = (businessId: string) => {
  const refresh = useRefreshAfterChange(businessId);
  return useMutation({
    mutationFn: (paymentRequestId: string) =>
      api.post(
        `${base(businessId)}/payment-requests/${encodeURIComponent(paymentRequestId)}/link-bill`,
        {},
        { schema: linkBillResultSchema, idempotencyKey: `link-bill-${paymentRequestId}` },
      ),
    onSuccess: () => refresh(),
  });
};

/**
 * `GET /sandbox/payment-requests`: answers only where sample requests can be sent (the sandbox); any
 * failure means "not here" (null), so the sample button stays hidden.
 */
export const useSandboxPaymentRequests = () =>
  useQuery({
    queryKey: paymentRequestKeys.sandbox,
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/sandbox/payment-requests', {
          schema: sandboxPaymentRequestInfoSchema,
          signal,
        });
      } catch (error) {
        if (isApiError(error) && error.statusCode === 404) return null;
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** `POST /sandbox/payment-requests`: Northwind Supply Co. sends this business a sample invoice. */
export const useSendSamplePaymentRequest = (businessId: string) => {
  const refresh = useRefreshAfterChange(businessId);
  return useMutation({
    mutationFn: () =>
      api.post(
        '/sandbox/payment-requests',
        { payerBusinessId: businessId },
        { schema: sandboxPaymentRequestResultSchema },
      ),
    onSuccess: () => refresh(),
  });
};
