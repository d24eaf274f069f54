import type { IntegrationProvider } from '@ferry/domain/schemas';

/** The card's button (spec 002 §2): 'Connect to QuickBooks' for QuickBooks Online, else 'Connect to {name}'. */
export const connectLabelOf = (provider: Pick<IntegrationProvider, 'providerType' | 'name'>): string =>
  provider.providerType === 'QBO' ? 'Connect to QuickBooks' : `Connect to ${provider.name}`;

/** 'Sign in with Intuit' (QuickBooks) and 'Sign in with Xero': the two providers people sign in with. */
export const signInLabelOf = (provider: Pick<IntegrationProvider, 'providerType'>): string | null => {
  if (provider.providerType === 'QBO' || provider.providerType === 'QBO_SANDBOX')
    return 'Sign in with Intuit';
  if (provider.providerType === 'XERO') return 'Sign in with Xero';
  return null;
};

/** Where the sandbox accounting software (Sandbox Books) is browsed. */
export const SANDBOX_BOOKS_HREF = '/sandbox/books';
