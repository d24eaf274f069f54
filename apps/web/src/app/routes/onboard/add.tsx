import { BusinessDetailsPage } from '@/features/businesses/components/business-details-page';

/** Route module for React Router `lazy`. */
export const Component = BusinessDetailsPage;
