import { SignInButtons } from '@/features/accounting/components/sign-in-buttons';
import { SignInPage } from '@/features/auth/components/sign-in-page';

/** Route module for React Router `lazy`: the sign-in page, with 'Sign in with Intuit / Xero' under the form. */
export const Component = () => <SignInPage providerSignIn={<SignInButtons dividerLabel="or" />} />;
