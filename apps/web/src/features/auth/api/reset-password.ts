import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been reset. Please sign in.';
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired. Please request a new one.';
export const INVALID_LINK_ERROR_CODE = 'INVALID_LINK';

export type ResetPasswordInput = {
  token: string;
  password: string;
  confirmPassword: string;
  recaptchaToken: string;
};

/** `PATCH /auth/reset-password`: sets a new password from an emailed link; ends every session. */
export const resetPassword = async (input: ResetPasswordInput): Promise<void> => {
  await api.patch('/auth/reset-password', input);
};

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
