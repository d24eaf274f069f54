import { OnboardingSkipPage } from '@/features/businesses/components/onboarding-skip-page';

/** Route module for React Router `lazy`. */
export const Component = OnboardingSkipPage;
