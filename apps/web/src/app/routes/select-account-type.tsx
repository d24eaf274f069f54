import { SelectAccountTypePage } from '@/features/sign-up/components/select-account-type-page';

/** Route module for React Router `lazy`. */
export const Component = SelectAccountTypePage;
