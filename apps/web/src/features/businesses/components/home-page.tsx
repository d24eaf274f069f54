import { isBusinessFullyVerified } from '@ferry/domain';
import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useGuidedTour } from '@/lib/guided-tour';
import { useCurrentUser } from '@/lib/session';
import { useBusiness } from '../api/get-business';
import { useSetupProgress } from '../api/get-setup-progress';
import { useRememberActiveBusiness } from '../hooks/use-remember-active-business';
import { getSetupSteps, isNewBusiness } from '../utils/setup-steps';
import { BusinessLoading } from './business-loading';
import { HOME_TOUR_STEPS } from './home-tour';
import { SetupProgress } from './setup-progress';
import { VerificationNotice } from './verification-notice';
import { WelcomePanel } from './welcome-panel';

/**
 * `/b/{businessId}/home`, the business dashboard (spec 000 §2): the welcome panel for a new business,
 * the verification notice until it is verified, and the setup checklist. The home tour starts here.
 */
export function HomePage() {
  const { businessId = '' } = useParams();
  const businessQuery = useBusiness(businessId);
  const { data: user } = useCurrentUser();
  const { data: progress } = useSetupProgress(businessId);
  useRememberActiveBusiness(businessQuery.data);
  useGuidedTour({ tour: 'home', steps: HOME_TOUR_STEPS, enabled: businessQuery.isSuccess });

  return (
    <Stack gap="xl" maw={1120}>
      <BusinessLoading query={businessQuery}>
        {(business) => (
          <>
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {user?.firstName ? `Welcome, ${user.firstName}` : 'Welcome'}
              </Text>
              <Title order={1} fz={30} lts="-0.02em">
                {business.businessName}
              </Title>
            </Stack>
            {isBusinessFullyVerified(business.status) ? null : (
              <VerificationNotice businessId={business.id} />
            )}
            <SetupProgress steps={getSetupSteps(business, progress)} />
            {isNewBusiness(business) ? <WelcomePanel /> : null}
          </>
        )}
      </BusinessLoading>
    </Stack>
  );
}
