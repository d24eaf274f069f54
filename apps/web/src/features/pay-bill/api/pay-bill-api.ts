import { billViewSchema, type CreatePaymentRequest, paymentViewSchema } from '@ferry/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRefreshAfterPayment } from '@/components/pay/pay-api';
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
