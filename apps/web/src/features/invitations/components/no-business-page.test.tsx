import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeTestBusiness } from '@/testing/businesses';
import { ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { mockApi } from '../testing/mock-api';
import { NoBusinessPage, PRACTICE_MEMBER_WAIT_TEXT } from './no-business-page';

const routes = [
  { path: '/no-business', element: <NoBusinessPage /> },
  { path: '/b/:businessId/home', element: <Where name="Home" /> },
];

describe('/no-business for a practice member', () => {
  it('says their accountant adds them to client businesses, and opens one once added', async () => {
    const user = userEvent.setup();
    const member = makeUserProfile({ userType: 'PRACTICE_MEMBER' });
    signInAs(member);
    let businesses: unknown[] = [];
    const api = mockApi({ 'GET /user': ok(member), 'GET /business': () => ok(businesses) });
    renderRoutes(routes, '/no-business');
    expect(screen.getByText(PRACTICE_MEMBER_WAIT_TEXT)).toBeInTheDocument();
    const again = await screen.findByRole('button', { name: 'Check again' });
    // The first look has answered (none yet) before looking again.
    await waitFor(() => expect(again).toBeEnabled());
    businesses = [makeTestBusiness({ businessName: 'Harbor Coffee Roasters' })];
    await user.click(again);
    await user.click(await screen.findByRole('link', { name: 'Open Harbor Coffee Roasters' }));
    expect(await screen.findByRole('heading', { name: /^Home at \/b\// })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/business').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the general text for other users, without asking for businesses', () => {
    signInAs(makeUserProfile());
    const api = mockApi({ 'GET /user': ok(makeUserProfile()) });
    renderRoutes(routes, '/no-business');
    expect(screen.queryByText(PRACTICE_MEMBER_WAIT_TEXT)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/business')).toBe(false);
  });
});
