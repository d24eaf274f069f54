import { OnboardingCompletedPage } from '@/features/businesses/components/onboarding-completed-page';

/** Route module for React Router `lazy`. */
export const Component = OnboardingCompletedPage;
