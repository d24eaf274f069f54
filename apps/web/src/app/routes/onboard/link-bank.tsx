import { LinkBankStepPage } from '@/features/businesses/components/link-bank-step-page';

/** Route module for React Router `lazy`. */
export const Component = LinkBankStepPage;
