import {
  type EnginePaymentStatus,
  type PaymentFilterType,
  type PaymentSortKey,
  type PaymentView,
  pagedSchema,
  paymentDetailSchema,
  paymentsSummarySchema,
  paymentViewSchema,
  type ReschedulePaymentRequest,
} from '@ferry/domain';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

export type PaymentsListParams = {
  pageNumber: number;
  pageSize: number;
  sortBy: PaymentSortKey;
  sortOrder: 'asc' | 'desc';
  vendorName: string;
  filterType: PaymentFilterType | null;
  /** Query values already mapped (spec 002 §4 'Query mapping'), e.g. ['IN_QUEUE', 'DELIVERED']. */
  statuses: readonly EnginePaymentStatus[];
};

const base = (businessId: string) => `/business/${encodeURIComponent(businessId)}`;

/** Every key starts with `['payments', businessId]` (lib/query-keys), so one prefix refreshes them all. */
export const paymentKeys = {
  business: (businessId: string) => sharedQueryKeys.payments(businessId),
  lists: (businessId: string) => [...paymentKeys.business(businessId), 'list'] as const,
  list: (businessId: string, params: PaymentsListParams) =>
    [...paymentKeys.lists(businessId), params] as const,
  summary: (businessId: string) => [...paymentKeys.business(businessId), 'summary'] as const,
  detail: (businessId: string, paymentId: string) =>
    [...paymentKeys.business(businessId), 'detail', paymentId] as const,
};

const paymentsPageSchema = pagedSchema(paymentViewSchema);

/** The query string of `GET payments`: empty filters are left out. */
export const toPaymentsQuery = (params: PaymentsListParams) => ({
  pageNumber: params.pageNumber,
  pageSize: params.pageSize,
  sortBy: params.sortBy,
  sortOrder: params.sortOrder,
  vendorName: params.vendorName.trim() || undefined,
  filterType: params.filterType ?? undefined,
  status: params.statuses.length > 0 ? params.statuses.join(',') : undefined,
});

/** `GET payments` (payer side): sorted, filtered and paged on the server (spec 002 §7, §9). */
export const paymentsQueryOptions = (businessId: string, params: PaymentsListParams) =>
  queryOptions({
    queryKey: paymentKeys.list(businessId, params),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/payments`, {
        query: toPaymentsQuery(params),
        schema: paymentsPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const usePayments = (businessId: string, params: PaymentsListParams, enabled = true) =>
  useQuery({ ...paymentsQueryOptions(businessId, params), enabled: enabled && businessId !== '' });

/** `GET bills/summary/payments`: attention required, processing and scheduled (amounts and counts). */
export const usePaymentsSummary = (businessId: string, enabled = true) =>
  useQuery({
    queryKey: paymentKeys.summary(businessId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/bills/summary/payments`, { schema: paymentsSummarySchema, signal }),
    enabled: enabled && businessId !== '',
  });

/** `GET payments/{paymentId}`: the payment with its timeline. */
export const usePayment = (businessId: string, paymentId: string, enabled = true) =>
  useQuery({
    queryKey: paymentKeys.detail(businessId, paymentId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/payments/${encodeURIComponent(paymentId)}`, {
        schema: paymentDetailSchema,
        signal,
      }),
    enabled: enabled && businessId !== '' && paymentId !== '',
  });

/**
 * After a payment changes: the payments lists, the summary, the payment itself, and the bills (a bill's
 * scheduled amount and balance move with its payments; the due lists and summaries show them). Inactive
 * ones too (`refetchType: 'all'`): queries do not refetch on mount (lib/react-query), so the list opened
 * after a cancel would otherwise still show the payment as scheduled.
 */
export const refreshAfterPaymentChange = (queryClient: QueryClient, businessId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedQueryKeys.payments(businessId), refetchType: 'all' }),
    queryClient.invalidateQueries({ queryKey: sharedQueryKeys.bills(businessId), refetchType: 'all' }),
  ]);

const paymentPath = (businessId: string, paymentId: string) =>
  `${base(businessId)}/payments/${encodeURIComponent(paymentId)}`;

/** `PATCH payments/{id}/reschedule/scheduled-payment`. */
export const useReschedulePayment = (businessId: string, paymentId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReschedulePaymentRequest): Promise<PaymentView> =>
      api.patch(`${paymentPath(businessId, paymentId)}/reschedule/scheduled-payment`, body, {
        schema: paymentViewSchema,
      }),
    onSuccess: () => refreshAfterPaymentChange(queryClient, businessId),
  });
};

/** `PATCH payments/{id}/cancel/scheduled-payment` with an optional reason. */
export const useCancelPayment = (businessId: string, paymentId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { statusReason?: string }): Promise<PaymentView> =>
      api.patch(`${paymentPath(businessId, paymentId)}/cancel/scheduled-payment`, body, {
        schema: paymentViewSchema,
      }),
    onSuccess: () => refreshAfterPaymentChange(queryClient, businessId),
  });
};

/** `POST payments/reattempt` with the action's Idempotency-Key (kept for retries of the same action). */
export const useReattemptPayment = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      paymentId,
      idempotencyKey,
    }: {
      paymentId: string;
      idempotencyKey: string;
    }): Promise<PaymentView> =>
      api.post(
        `${base(businessId)}/payments/reattempt`,
        { paymentId },
        {
          schema: paymentViewSchema,
          idempotencyKey,
        },
      ),
    onSuccess: () => refreshAfterPaymentChange(queryClient, businessId),
  });
};

/** `PATCH payments/{id}/resend-accept-payment-reminder`: emails the vendor the accept link again. */
export const useResendAcceptReminder = (businessId: string, paymentId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<PaymentView> =>
      api.patch(`${paymentPath(businessId, paymentId)}/resend-accept-payment-reminder`, undefined, {
        schema: paymentViewSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.detail(businessId, paymentId) }),
  });
};
