import { KybDetailsPage } from '@/features/business-verification/components/kyb-details-page';

/** Route module for React Router `lazy`. */
export const Component = KybDetailsPage;
