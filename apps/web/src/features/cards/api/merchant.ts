import type { MerchantApplicationRequest, saqDetailsSchema } from '@ferry/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { cardKeys, cardPaymentPath } from './keys';
import { type MerchantStatus, merchantStatusSchema } from './schemas';

/** While an application is under review the status is asked for every 5 s. */
export const UNDER_REVIEW_POLL_MS = 5_000;

/** `GET .../card-payment/merchant-status`. */
export const useMerchantStatus = (businessId: string, enabled = true) =>
  useQuery({
    queryKey: cardKeys.merchantStatus(businessId),
    queryFn: ({ signal }) =>
      api.get(cardPaymentPath(businessId, '/merchant-status'), { schema: merchantStatusSchema, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'SUBMITTED' ? UNDER_REVIEW_POLL_MS : false),
    staleTime: 0,
    refetchOnMount: 'always',
    enabled: enabled && businessId !== '',
  });

/**
 * The application as the shared schema parses it (spec 002 §5 "Merchant"); the website and business
 * type are left out when the form reuses what the business already gave.
 */
export type MerchantApplicationInput = MerchantApplicationRequest;

/** The SAQ details as the shared schema parses them. */
export type SaqInput = z.output<typeof saqDetailsSchema>;

const useStatusMutation = <TInput>(businessId: string, send: (input: TInput) => Promise<MerchantStatus>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (status) => queryClient.setQueryData(cardKeys.merchantStatus(businessId), status),
  });
};

/** `POST .../card-payment/merchant` with an Idempotency-Key. */
export const useApplyForCardAcceptance = (businessId: string) =>
  useStatusMutation(
    businessId,
    ({ input, idempotencyKey }: { input: MerchantApplicationInput; idempotencyKey: string }) =>
      api.post(cardPaymentPath(businessId, '/merchant'), input, {
        schema: merchantStatusSchema,
        idempotencyKey,
      }),
  );

/** `PATCH .../card-payment/saq-details`. */
export const useSubmitSaq = (businessId: string) =>
  useStatusMutation(businessId, (input: SaqInput) =>
    api.patch(cardPaymentPath(businessId, '/saq-details'), input, { schema: merchantStatusSchema }),
  );

/** `PATCH .../card-payment/surcharges/{surchargeId} {enabled}`. */
export const useUpdateSurcharge = (businessId: string) =>
  useStatusMutation(businessId, ({ surchargeId, enabled }: { surchargeId: string; enabled: boolean }) =>
    api.patch(
      cardPaymentPath(businessId, `/surcharges/${encodeURIComponent(surchargeId)}`),
      { enabled },
      { schema: merchantStatusSchema },
    ),
  );
