import { SignUpPage } from '@/features/sign-up/components/sign-up-page';

/** Route module for React Router `lazy`. */
export const Component = SignUpPage;
