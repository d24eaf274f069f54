import { type UserProfile, userProfileSchema } from '@ferry/domain';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { getBotCheckToken } from '@/lib/bot-check';

const codeSentSchema = z.object({
  requestId: z.string(),
  resendAvailableAt: z.string(),
  expiresAt: z.string(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

const codeVerifiedSchema = z.object({
  isEmailVerified: z.boolean(),
  isPhoneNumberVerified: z.boolean(),
});

export type VerificationChannel = 'email' | 'phone';

/** `POST /otp/email` or `POST /otp/phone`: a code to the signed-in user's email or primary phone. */
export const sendVerificationCode = async (channel: VerificationChannel): Promise<CodeSent> => {
  const recaptchaToken = await getBotCheckToken();
  return api.post(`/otp/${channel}`, { recaptchaToken }, { schema: codeSentSchema });
};

/** `POST /otp/verify/email` or `POST /otp/verify/phone`. */
export const verifyCode = async (
  channel: VerificationChannel,
  input: { requestId: string; otp: string },
): Promise<void> => {
  const recaptchaToken = await getBotCheckToken();
  await api.post(`/otp/verify/${channel}`, { ...input, recaptchaToken }, { schema: codeVerifiedSchema });
};

/** `POST /user/email`: corrects a mistyped sign-up email while it is not verified yet. */
export const correctEmail = async (email: string): Promise<UserProfile> => {
  const recaptchaToken = await getBotCheckToken();
  return api.post('/user/email', { email, recaptchaToken }, { schema: userProfileSchema });
};

const mobileNumberChangedSchema = z.object({ requestId: z.string() });

/**
 * `PATCH /user/mobile-number` (signed in): the primary phone becomes this new, unverified number and a
 * code is sent to it (verified with `POST /otp/verify/phone`).
 */
export const changeMobileNumber = async (phone: {
  phoneNumber: string;
  countryCode: string;
  countryISOCode: string;
}): Promise<{ requestId: string }> => {
  const recaptchaToken = await getBotCheckToken();
  return api.patch(
    '/user/mobile-number',
    { phones: [phone], recaptchaToken },
    { schema: mobileNumberChangedSchema },
  );
};
