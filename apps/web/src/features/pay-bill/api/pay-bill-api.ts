import {
  billViewSchema,
  type CreatePaymentRequest,
  payContextSchema,
  paymentViewSchema,
} from '@ferry/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRefreshAfterPayment } from '@/components/pay/pay-api';
import { api } from '@/lib/api-client';

const enc = encodeURIComponent;
const base = (businessId: string) => `/business/${enc(businessId)}`;

export const payBillKeys = {
  bill: (businessId: string, billId: string) => ['bills', businessId, 'detail', billId] as const,
  payContext: (businessId: string, billId: string) => ['bills', businessId, 'pay-context', billId] as const,
};

/**
 * `GET business/{id}/payments/pay-context?billId=`: the rails' business today on the server's clock (the
 * sandbox's when its clock is moved) and the bank the vendor is paid into (masked, null when none yet).
 */
export const usePayContext = (businessId: string, billId: string) =>
  useQuery({
    queryKey: payBillKeys.payContext(businessId, billId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/payments/pay-context?billId=${enc(billId)}`, {
        schema: payContextSchema,
        signal,
      }),
    enabled: businessId !== '' && billId !== '',
    retry: false,
  });

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
