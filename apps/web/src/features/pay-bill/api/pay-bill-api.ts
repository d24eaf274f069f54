import {
  approvalMatchSchema,
  billViewSchema,
  type CreatePaymentRequest,
  paymentViewSchema,
} from '@ferry/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { payKeys, useRefreshAfterPayment } from '@/components/pay/pay-api';
import { api } from '@/lib/api-client';

const enc = encodeURIComponent;
const base = (businessId: string) => `/business/${enc(businessId)}`;

export const payBillKeys = {
  bill: (businessId: string, billId: string) => ['bills', businessId, 'detail', billId] as const,
};

/** The pay page's server facts (business today, receiving bank): shared with the payment detail. */
export { usePayContext } from '@/components/pay/pay-api';

/** `GET business/{id}/bills/{billId}`: the bill being paid, with its unscheduled balance. */
export const useBill = (businessId: string, billId: string) =>
  useQuery({
    queryKey: payBillKeys.bill(businessId, billId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/bills/${enc(billId)}`, { schema: billViewSchema, signal }),
    enabled: businessId !== '' && billId !== '',
  });

/** `POST business/{id}/payments` with the submission's Idempotency-Key (spec 002 §7). */
export const useCreatePayment = (businessId: string) => {
  const refresh = useRefreshAfterPayment();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreatePaymentRequest; idempotencyKey: string }) =>
      api.post(`${base(businessId)}/payments`, body, { schema: paymentViewSchema, idempotencyKey }),
    onSuccess: () => refresh(),
  });
};

export type ApprovalMatchInput = { vendorId: string; amountCents: number };

/**
 * `POST business/{id}/approvals/policies/match { vendorId, amount }`: the approval policy a payment of this
 * amount to this vendor would go through (null: none, it is paid or scheduled directly). The page asks with
 * the debounced amount; the last answer stays while the next one loads. Policies change: never cached long.
 */
export const useApprovalMatch = (businessId: string, input: ApprovalMatchInput | null) =>
  useQuery({
    queryKey: [...payKeys.all(businessId), 'approval-match', input] as const,
    queryFn: ({ signal }) =>
      api.post(
        `${base(businessId)}/approvals/policies/match`,
        { vendorId: input?.vendorId, amount: ((input?.amountCents ?? 0) / 100).toFixed(2) },
        { schema: approvalMatchSchema, signal },
      ),
    enabled: input !== null && businessId !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });

/**
 * Which approval policy the pay page's payment goes through, asked with the settled (debounced) amount.
 * `checking` while the typed amount has not settled or its answer is on its way; a failed check counts as
 * none (the server decides when the payment is sent).
 */
export const useApprovalRoute = (
  businessId: string,
  input: {
    vendorId: string;
    typedCents: number | undefined;
    settledCents: number | undefined;
    enabled: boolean;
  },
) => {
  const query = useApprovalMatch(
    businessId,
    input.enabled && input.settledCents !== undefined
      ? { vendorId: input.vendorId, amountCents: input.settledCents }
      : null,
  );
  // The typed amount has not settled yet, or its answer is on its way (an earlier failure says nothing).
  const awaitingAmount = input.typedCents === undefined || input.typedCents !== input.settledCents;
  return {
    policy: query.isError ? null : (query.data?.policy ?? null),
    checking: input.enabled && (awaitingAmount || query.isFetching),
  };
};
