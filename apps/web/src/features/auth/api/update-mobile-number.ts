import type { ApiPhone } from '@ferry/domain';
import { api } from '@/lib/api-client';
import { type CodeRequest, codeRequestSchema } from './sign-in-code';

export type UpdateMobileNumberInput = {
  phone: ApiPhone;
  recaptchaToken: string;
  /** During a sign-in: the challenge from `POST /auth/sign-in` and the user it belongs to. */
  challengeToken?: string;
  userId?: string;
};

/**
 * `PATCH /user/mobile-number`: replaces the primary phone with a new, unverified one and sends it a code.
 * During a sign-in the code is a sign-in code (verified with `POST /otp/verify-sign-in-otp/{userId}`).
 */
export const updateMobileNumber = ({ phone, ...rest }: UpdateMobileNumberInput): Promise<CodeRequest> =>
  api.patch('/user/mobile-number', { phones: [phone], ...rest }, { schema: codeRequestSchema });
