import { useParams } from 'react-router';
import { useBusiness } from '../api/get-business';
import { useRememberActiveBusiness } from '../hooks/use-remember-active-business';
import { AccountingSoftwarePicker } from './accounting-software-picker';
import { BusinessLoading } from './business-loading';
import { OnboardingShell } from './onboarding-shell';

/** `/onboard/b/{businessId}/add`: the accounting software step of onboarding. */
export function ConnectAccountingStepPage() {
  const { businessId = '' } = useParams();
  const businessQuery = useBusiness(businessId);
  useRememberActiveBusiness(businessQuery.data);
  return (
    <OnboardingShell step={2} cardWidth={640}>
      <BusinessLoading query={businessQuery}>
        {(business) => <AccountingSoftwarePicker businessId={business.id} />}
      </BusinessLoading>
    </OnboardingShell>
  );
}
