import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';

/** Route module for React Router `lazy`. */
export const Component = ForgotPasswordPage;
