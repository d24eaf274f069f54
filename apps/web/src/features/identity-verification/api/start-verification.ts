import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const startedVerificationSchema = z.object({
  inquiryId: z.string(),
  sessionToken: z.string(),
  /** The provider's hosted page (the sandbox's is on our origin, Persona's is not). */
  hostedUrl: z.string().min(1),
});
export type StartedVerification = z.infer<typeof startedVerificationSchema>;

export type StartVerificationInput = { businessId?: string | null };

/**
 * `POST /business/{id}/verification/init` (the business flow: the signed-in user verifies themself as the
 * business's control person) or `POST /user/verification/init` (any signed-in user, e.g. an invited owner).
 */
export const startVerification = ({
  businessId,
}: StartVerificationInput = {}): Promise<StartedVerification> =>
  businessId
    ? api.post(`/business/${encodeURIComponent(businessId)}/verification/init`, undefined, {
        schema: startedVerificationSchema,
      })
    : api.post('/user/verification/init', undefined, { schema: startedVerificationSchema });

export const useStartVerification = () => useMutation({ mutationFn: startVerification });
