import { paths } from './paths.js';

/** Whether onboarding goes on to link a bank (spec 000 §2, §4): the country is missing or the US. */
export const isBankLinkCountry = (country: string | null | undefined): boolean => {
  const code = country?.trim().toUpperCase() ?? '';
  return code === '' || code === 'US' || code === 'USA';
};

/**
 * The step after the business details (spec 000 §4 'Business onboarding'): link-bank when the country
 * is missing or US, otherwise completed.
 */
export const getOnboardingNextPath = (businessId: string, country: string | null | undefined): string =>
  isBankLinkCountry(country) ? paths.onboardLinkBank(businessId) : paths.onboardCompleted(businessId);
