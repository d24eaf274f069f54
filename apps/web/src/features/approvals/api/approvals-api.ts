import {
  type ApprovalActionRequest,
  type ApprovePaymentsQuery,
  approvalActionResultSchema,
  approvePaymentItemSchema,
  bulkApproveResultSchema,
  pagedSchema,
} from '@ferry/domain';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { approvalKeys } from '@/components/pay/pay-api';
import { api } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

const enc = encodeURIComponent;

/** The Approvals tab's four lists (spec 001 §7 'Approval actions'). */
export const APPROVAL_VIEWS = ['awaiting-you', 'awaiting-others', 'approved', 'rejected'] as const;
export type ApprovalView = (typeof APPROVAL_VIEWS)[number];

export type ApprovalSortKey = NonNullable<ApprovePaymentsQuery['sortBy']>;

export type ApprovalListParams = {
  view: ApprovalView;
  pageNumber: number;
  pageSize: number;
  sortBy: ApprovalSortKey;
  sortOrder: 'asc' | 'desc';
  vendorName: string;
};

const approvalPageSchema = pagedSchema(approvePaymentItemSchema);

/**
 * The call of a view: awaiting the member (`unapproved`), awaiting others (`unapproved` with
 * `awaitingApprovalFromOthers=true`), approved and rejected (`approved` with `status`). Empty search left out.
 */
export const toApprovalListCall = (businessId: string, params: ApprovalListParams) => {
  const decided = params.view === 'approved' || params.view === 'rejected';
  const query: Record<string, string | number | boolean | undefined> = {
    pageNumber: params.pageNumber,
    pageSize: params.pageSize,
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
    vendorName: params.vendorName.trim() || undefined,
  };
  if (decided) query.status = params.view === 'approved' ? 'APPROVED' : 'REJECTED';
  else query.awaitingApprovalFromOthers = params.view === 'awaiting-others';
  return { path: `/approve-payment/${enc(businessId)}/${decided ? 'approved' : 'unapproved'}`, query };
};

export const approvalListQueryOptions = (businessId: string, params: ApprovalListParams) =>
  queryOptions({
    queryKey: [...approvalKeys.lists(businessId), params] as const,
    queryFn: ({ signal }) => {
      const call = toApprovalListCall(businessId, params);
      return api.get(call.path, { query: call.query, schema: approvalPageSchema, signal });
    },
    placeholderData: keepPreviousData,
  });

/** One page of a view, sorted and searched on the server (newest submission first, spec 001 §9). */
export const useApprovalList = (businessId: string, params: ApprovalListParams, enabled = true) =>
  useQuery({ ...approvalListQueryOptions(businessId, params), enabled: enabled && businessId !== '' });

/**
 * After an approval decision: the payment, every payments and approvals list, the counts (they all sit
 * under the payments prefix) and the bills (a rejected payment gives its amount back to the bill). Inactive
 * queries too: queries do not refetch on mount (lib/react-query).
 */
export const refreshAfterApproval = (queryClient: QueryClient, businessId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedQueryKeys.payments(businessId), refetchType: 'all' }),
    queryClient.invalidateQueries({ queryKey: sharedQueryKeys.bills(businessId), refetchType: 'all' }),
  ]);

const base = (businessId: string) => `/business/${enc(businessId)}/payment-approval-policy`;

/** Approve (and its variants) or reject (and bypass-and-reject). */
export const decisionOf = (action: ApprovalActionRequest['action']): 'approve' | 'reject' =>
  action === 'reject' || action === 'byPassAndReject' ? 'reject' : 'approve';

/**
 * `POST payment-approval-policy/approve` or `/reject` `{ paymentId, action, remarks? }` with the action's
 * Idempotency-Key → `{ outcome, payment, approval }`.
 */
export const useApprovalDecision = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ApprovalActionRequest; idempotencyKey: string }) =>
      api.post(`${base(businessId)}/${decisionOf(body.action)}`, body, {
        schema: approvalActionResultSchema,
        idempotencyKey,
      }),
    onSettled: () => refreshAfterApproval(queryClient, businessId),
  });
};

/** `POST payment-approval-policy/bulk-approve { paymentIds, remarks? }` → one result per payment. */
export const useBulkApprove = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: { paymentIds: string[]; remarks?: string };
      idempotencyKey: string;
    }) =>
      api.post(`${base(businessId)}/bulk-approve`, body, { schema: bulkApproveResultSchema, idempotencyKey }),
    onSuccess: () => refreshAfterApproval(queryClient, businessId),
  });
};
