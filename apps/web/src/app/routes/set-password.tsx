import { SetPasswordPage } from '@/features/sign-up/components/set-password-page';

/** Route module for React Router `lazy`. */
export const Component = SetPasswordPage;
