import { ProviderCards } from '@/features/accounting/components/provider-cards';
import { SignInButtons } from '@/features/accounting/components/sign-in-buttons';
import { ConnectAccountingStepPage } from '@/features/businesses/components/connect-accounting-step-page';

const renderProviders = (businessId: string) => (
  // The owner onboarding the business is its Admin.
  <ProviderCards businessId={businessId} from="onboarding" canConnect />
);

/** Route module for React Router `lazy`: `/onboard/b/{businessId}/add`, the accounting picker, live. */
export const Component = () => (
  <ConnectAccountingStepPage renderProviders={renderProviders} signIn={<SignInButtons />} />
);
