import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

/** Route module for React Router `lazy`. */
export const Component = ResetPasswordPage;
