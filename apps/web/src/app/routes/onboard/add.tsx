// Issue 4 (business onboarding) replaces this page.
import { OnboardingStartPage } from '@/features/sign-up/components/onboarding-start-page';

/** Route module for React Router `lazy`. */
export const Component = OnboardingStartPage;
