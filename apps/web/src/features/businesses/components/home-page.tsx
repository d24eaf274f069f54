import { isBusinessFullyVerified } from '@ferry/domain';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { Business } from '@/lib/businesses';
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
 * `/b/{businessId}/home`, the business dashboard (spec 000 §2): the quick actions, the verification
 * notice until it is verified, the setup checklist while steps remain (it folds away when all are done),
 * then the dashboard (bills overdue and due this week, money going out, recent payments, the accounts
 * paid from: features/home, through the route), and the welcome panel for a new business. The home tour
 * starts here.
 */
export type HomePageProps = {
  /** The quick actions beside the business name (the route fills it from features/home). */
  renderActions?: (business: Business) => ReactNode;
  /** The dashboard under the checklist (the route fills it from features/home). */
  renderDashboard?: (business: Business) => ReactNode;
  /** A quiet line under the business name (an accountant's practice name, from features/practice). */
  headerNote?: ReactNode;
};

export function HomePage({ renderActions, renderDashboard, headerNote }: HomePageProps = {}) {
  const { businessId = '' } = useParams();
  const businessQuery = useBusiness(businessId);
  const { data: user } = useCurrentUser();
  const { data: progress } = useSetupProgress(businessId);
  useRememberActiveBusiness(businessQuery.data);
  useGuidedTour({ tour: 'home', steps: HOME_TOUR_STEPS, enabled: businessQuery.isSuccess });

  return (
    <Stack gap="xl" maw={1120}>
      <BusinessLoading query={businessQuery}>
        {(business) => {
          const steps = getSetupSteps(business, progress);
          // Folds away once every step is done; held back until the progress is known, so that a set-up
          // business does not see the checklist flash.
          const showSetup =
            steps.some((step) => step.state !== 'done') &&
            (progress !== undefined || !isBusinessFullyVerified(business.status));
          return (
            <>
              <Group justify="space-between" align="flex-end" gap="md">
                <Stack gap={4}>
                  <Text size="sm" c="dimmed">
                    {user?.firstName ? `Welcome, ${user.firstName}` : 'Welcome'}
                  </Text>
                  <Title order={1} fz={30} lts="-0.02em">
                    {business.businessName}
                  </Title>
                  {headerNote}
                </Stack>
                {renderActions?.(business)}
              </Group>
              {isBusinessFullyVerified(business.status) ? null : (
                <VerificationNotice businessId={business.id} />
              )}
              {showSetup ? <SetupProgress steps={steps} /> : null}
              {renderDashboard?.(business)}
              {isNewBusiness(business) ? <WelcomePanel /> : null}
            </>
          );
        }}
      </BusinessLoading>
    </Stack>
  );
}
