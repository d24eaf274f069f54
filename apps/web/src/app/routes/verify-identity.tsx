import { VerifyIdentityPage } from '@/features/identity-verification/components/verify-identity-page';

/** Route module for React Router `lazy`: `/verify/identity` (mounted under the route guard). */
export const Component = VerifyIdentityPage;
