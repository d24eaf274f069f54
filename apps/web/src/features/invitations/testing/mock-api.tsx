import type { RouteObject } from 'react-router';
import { type MockHandler, mockApi as mockServer, ok } from '@/testing/mock-api';
import { Where } from '@/testing/test-utils';
import { makeUserProfile } from '@/testing/users';

/** The invited user, signed in by `signInAs()`. */
export const invitee = makeUserProfile();

/** The fake `/api` of the invitation pages: `GET /user` answers the invitee and sign-out succeeds by default. */
export const mockApi = (handlers: Record<string, MockHandler> = {}) =>
  mockServer({ 'GET /user': ok(invitee), 'PATCH /auth/logout': ok({}), ...handlers });

/** The pages the invitation flows lead to, as stand-ins. */
export const targetRoutes: RouteObject[] = [
  { path: '/signin', element: <Where name="Sign in" /> },
  { path: '/verify', element: <Where name="Verify" /> },
  { path: '/accept-invitation', element: <Where name="Accept invitation" /> },
  { path: '/invalid-link', element: <Where name="Invalid link" /> },
  { path: '/unauthorized', element: <Where name="Unauthorized" /> },
  { path: '/no-business', element: <Where name="No business" /> },
  { path: '/onboard/b/add', element: <Where name="Add business" /> },
  { path: '/b/:businessId/home', element: <Where name="Business home" /> },
];
