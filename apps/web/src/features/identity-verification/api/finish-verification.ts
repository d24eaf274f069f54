import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { businessKeys } from '@/lib/businesses';
import { USER_QUERY_KEY } from '@/lib/session';

export const verificationResultSchema = z.object({
  inquiryId: z.string(),
  /** CREATED, PENDING, COMPLETED, NEEDS_REVIEW, APPROVED, DECLINED, FAILED or EXPIRED (read from the provider). */
  inquiryStatus: z.string(),
  /** The user's step: COMPLETED, or ACTION_REQUIRED after a cancel, decline, failure or expiry. */
  verificationStep: z.string(),
  activeStatus: z.string().nullish(),
  businessId: z.string().nullish(),
  business: z
    .object({ id: z.string(), verificationStep: z.string().nullish(), status: z.string().nullish() })
    .loose()
    .nullish(),
});
export type VerificationResult = z.infer<typeof verificationResultSchema>;

export type FinishVerificationInput = { inquiryId: string; cancelled: boolean };

/**
 * Back from the hosted page: `POST /user/verification/cancel` when it says cancelled, else
 * `POST /user/verification/complete`. The server asks the provider and marks the user active itself.
 */
export const finishVerification = ({ inquiryId, cancelled }: FinishVerificationInput) =>
  api.post(
    `/user/verification/${cancelled ? 'cancel' : 'complete'}`,
    { inquiryId },
    {
      schema: verificationResultSchema,
    },
  );

/** Finishes the verification, then refreshes the user (step, status) and the businesses (their step). */
export const useFinishVerification = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishVerification,
    onSuccess: () =>
      Promise.all([
        // Also when nothing shows the user right now: the next guarded page must see the new status.
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY, refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: businessKeys.all }),
      ]),
  });
};
