import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The server's answer, the same whether or not the email has an account. */
export const FORGOT_PASSWORD_SENT_MESSAGE =
  'If an account exists for this email, we have sent a link to reset your password.';

export type ForgotPasswordInput = { email: string; recaptchaToken: string };

/** `POST /auth/forgot-password`: emails a reset link (valid 60 minutes, single use) when the account exists. */
export const requestPasswordReset = async (input: ForgotPasswordInput): Promise<void> => {
  await api.post('/auth/forgot-password', input);
};

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
