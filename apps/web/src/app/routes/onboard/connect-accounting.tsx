import { ConnectAccountingStepPage } from '@/features/businesses/components/connect-accounting-step-page';

/** Route module for React Router `lazy`. */
export const Component = ConnectAccountingStepPage;
