import { BusinessProfilePage } from '@/features/businesses/components/business-profile-page';

/** Route module for React Router `lazy`. */
export const Component = BusinessProfilePage;
