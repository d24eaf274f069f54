import { SignInPage } from '@/features/auth/components/sign-in-page';

/** Route module for React Router `lazy`. */
export const Component = SignInPage;
