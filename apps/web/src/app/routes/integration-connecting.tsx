import { ConnectingPage } from '@/features/accounting/components/connecting-page';
import { ProviderSignInReturn } from '@/features/auth/components/provider-sign-in-return';

/**
 * Route module for React Router `lazy`: `/integration/connecting`, the accounting provider's way back. A
 * 'Sign in with Intuit / Xero' round trip ends in the sign-in feature.
 */
export const Component = () => (
  <ConnectingPage renderSignIn={(signIn) => <ProviderSignInReturn {...signIn} />} />
);
