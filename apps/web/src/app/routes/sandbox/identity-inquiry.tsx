import { SandboxInquiryPage } from '@/features/identity-verification/components/sandbox-inquiry-page';

/**
 * Route module for React Router `lazy`: `/sandbox/identity/:inquiryId` (public, outside the app shell),
 * the sandbox identity provider's hosted page.
 */
export const Component = SandboxInquiryPage;
