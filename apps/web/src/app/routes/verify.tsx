import { VerifyPage } from '@/features/sign-up/components/verify-page';

/** Route module for React Router `lazy`. */
export const Component = VerifyPage;
