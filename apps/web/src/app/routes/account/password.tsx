import { ChangePasswordPage } from '@/features/auth/components/change-password-page';

/** Route module for React Router `lazy`. */
export const Component = ChangePasswordPage;
