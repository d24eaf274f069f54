import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { businessPath } from './keys';

const inquirySchema = z
  .object({ inquiryId: z.string(), sessionToken: z.string(), hostedUrl: z.string() })
  .loose();
export type StartedInquiry = z.infer<typeof inquirySchema>;

/**
 * `POST /business/{id}/verification/init`: the signed-in user verifies themself as the business's
 * control person on the provider's hosted page (`hostedUrl`).
 */
export const startBusinessVerification = (businessId: string) =>
  api.post(businessPath(businessId, '/verification/init'), undefined, { schema: inquirySchema });

export const useStartBusinessVerification = (businessId: string) =>
  useMutation({ mutationFn: () => startBusinessVerification(businessId) });
