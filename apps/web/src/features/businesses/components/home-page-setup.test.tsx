import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { BUSINESS_ID, makeBusiness } from '../testing/businesses';
import { HomePage } from './home-page';

// The setup checklist stays on top while steps remain and folds away when all are done; the route fills
// the quick actions and the dashboard (features/home).

const HOME = `/b/${BUSINESS_ID}/home`;
const routes: RouteObject[] = [
  {
    path: '/b/:businessId/home',
    element: (
      <HomePage
        renderActions={(business) => <button type="button">Actions of {business.businessName}</button>}
        renderDashboard={(business) => <section aria-label={`Dashboard of ${business.id}`} />}
      />
    ),
  },
];
const TOURS_DONE = { home: true, 'bill-payments': false, approvals: false, invoices: false };
const VERIFIED = makeBusiness({ verificationStep: 'OWNERS', status: 'FULL_VERIFIED' });

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  const profile = makeUserProfile();
  signInAs(profile);
  api = mockApi({
    'GET /user': ok(profile),
    [`GET /business/${BUSINESS_ID}`]: ok(VERIFIED),
    'GET /user/tour-status': ok(TOURS_DONE),
    [`GET /business/${BUSINESS_ID}/bank/accounts`]: ok([{ id: 'bbbbbbbbbbbbbbbbbbbbbbb1' }]),
    [`GET /business/${BUSINESS_ID}/accounting/connection`]: ok({ status: 'CONNECTED' }),
    [`GET /business/${BUSINESS_ID}/accounting/contacts/vendors`]: ok({
      items: [],
      total: 2,
      pageNumber: 1,
      pageSize: 1,
    }),
  });
});

describe('Home setup checklist and dashboard slots', () => {
  it('folds the checklist away when every step is done and shows the dashboard', async () => {
    renderRoutes(routes, HOME);
    expect(await screen.findByRole('region', { name: `Dashboard of ${BUSINESS_ID}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions of Harbor Coffee Roasters' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo(`GET /business/${BUSINESS_ID}/accounting/contacts/vendors`)).toHaveLength(1),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Set up your business' })).not.toBeInTheDocument();
  });

  it('keeps the checklist on top while a step remains', async () => {
    api.handlers[`GET /business/${BUSINESS_ID}/bank/accounts`] = ok([]);
    renderRoutes(routes, HOME);
    const setup = await screen.findByRole('region', { name: 'Set up your business' });
    const dashboard = screen.getByRole('region', { name: `Dashboard of ${BUSINESS_ID}` });
    // The checklist comes before the dashboard.
    expect(setup.compareDocumentPosition(dashboard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(setup).toHaveTextContent('Link a bank account');
  });
});
