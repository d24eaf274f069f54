import { OnboardingBankStep } from '@/features/banking';
import { LinkBankStepPage } from '@/features/businesses/components/link-bank-step-page';

/** Route module for React Router `lazy`: the onboarding frame with the banking area's bank linking. */
export function Component() {
  return <LinkBankStepPage>{(business) => <OnboardingBankStep businessId={business.id} />}</LinkBankStepPage>;
}
