import { OnboardingShell } from '@/features/businesses/components/onboarding-shell';
import { PracticeSetupPage } from '@/features/practice/components/practice-setup-page';

/** Route module for React Router `lazy`: `/onboard/practice`, the accountant's practice firm details. */
export function Component() {
  return (
    <OnboardingShell>
      <PracticeSetupPage />
    </OnboardingShell>
  );
}
