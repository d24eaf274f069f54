import { z } from 'zod';
import { api } from '@/lib/api-client';

/** A code that was just sent: its request id and when a new one may be asked for. */
export const codeRequestSchema = z.object({
  requestId: z.string(),
  resendAvailableAt: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type CodeRequest = z.infer<typeof codeRequestSchema>;

/** A session handed out by the server. */
export const sessionCredentialsSchema = z.object({ token: z.string(), sessionId: z.string() });
export type SessionCredentials = z.infer<typeof sessionCredentialsSchema>;

export type SendSignInCodeInput = { userId: string; recaptchaToken: string; challengeToken?: string };

/** `POST /otp/send-sign-in-otp/{userId}`: texts a sign-in code to the primary phone. */
export const sendSignInCode = ({ userId, ...body }: SendSignInCodeInput): Promise<CodeRequest> =>
  api.post(`/otp/send-sign-in-otp/${encodeURIComponent(userId)}`, body, { schema: codeRequestSchema });

export type VerifySignInCodeInput = {
  userId: string;
  requestId: string;
  otp: string;
  recaptchaToken: string;
  isRegisterTrustedDevice: boolean;
  isIncognito: boolean;
  challengeToken?: string;
};

/** `POST /otp/verify-sign-in-otp/{userId}`: a right code yields the session (and trusts the device if asked). */
export const verifySignInCode = ({ userId, ...body }: VerifySignInCodeInput): Promise<SessionCredentials> =>
  api.post(`/otp/verify-sign-in-otp/${encodeURIComponent(userId)}`, body, {
    schema: sessionCredentialsSchema,
  });
