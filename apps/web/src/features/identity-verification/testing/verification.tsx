import type { RouteObject } from 'react-router';
import { Where } from '@/testing/test-utils';
import type { VerificationResult } from '../api/finish-verification';

export const BUSINESS_ID = '0123456789abcdef01234567';
export const INQUIRY_ID = 'inq_0123456789';
export const HOSTED_URL = `/sandbox/identity/${INQUIRY_ID}?session-token=tok&redirect-uri=%2Fverify%2Fidentity`;

/** `POST /user/verification/complete` and `/cancel` answers; approved unless overridden. */
export const makeVerificationResult = (overrides: Partial<VerificationResult> = {}): VerificationResult => ({
  inquiryId: INQUIRY_ID,
  inquiryStatus: 'APPROVED',
  verificationStep: 'COMPLETED',
  activeStatus: 'ACTIVE',
  businessId: null,
  business: null,
  ...overrides,
});

/** The pages identity verification leads to, as stand-ins. */
export const targetRoutes: RouteObject[] = [
  { path: '/b/:businessId/kyb/details', element: <Where name="Business details" /> },
  { path: '/b/:businessId/home', element: <Where name="Business home" /> },
  { path: '/b/:businessId/settings/business-profile', element: <Where name="Business profile" /> },
  { path: '/b/:businessId/customers', element: <Where name="Customers" /> },
  { path: '/b/:businessId/customers/:customerId', element: <Where name="Customer" /> },
  { path: '/process/auto-pay/success', element: <Where name="Auto-pay success" /> },
  { path: '/process/payment', element: <Where name="Guest payment" /> },
  { path: '/onboard/b/add', element: <Where name="Add business" /> },
  { path: '/select-account-type', element: <Where name="Account type" /> },
  { path: '/accept-invitation', element: <Where name="Accept invitation" /> },
  { path: '/signin', element: <Where name="Sign in" /> },
];
