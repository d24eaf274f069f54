import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useBusiness } from '../api/get-business';
import { useRememberActiveBusiness } from '../hooks/use-remember-active-business';
import { AccountingSoftwarePicker } from './accounting-software-picker';
import { BusinessLoading } from './business-loading';
import { OnboardingShell } from './onboarding-shell';

export type ConnectAccountingStepPageProps = {
  /** The provider cards for the business, given by the app (the accounting feature). */
  renderProviders?: (businessId: string) => ReactNode;
  /** The sign-in buttons, given by the app. */
  signIn?: ReactNode;
};

/** `/onboard/b/{businessId}/add`: the accounting software step of onboarding. */
export function ConnectAccountingStepPage({ renderProviders, signIn }: ConnectAccountingStepPageProps = {}) {
  const { businessId = '' } = useParams();
  const businessQuery = useBusiness(businessId);
  useRememberActiveBusiness(businessQuery.data);
  return (
    <OnboardingShell step={2} cardWidth={640}>
      <BusinessLoading query={businessQuery}>
        {(business) => (
          <AccountingSoftwarePicker
            businessId={business.id}
            providers={renderProviders?.(business.id)}
            signIn={signIn}
          />
        )}
      </BusinessLoading>
    </OnboardingShell>
  );
}
