import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStored } from '@/lib/storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { BUSINESS_ID, makeBusiness } from '../testing/businesses';
import { HomePage } from './home-page';

const HOME = `/b/${BUSINESS_ID}/home`;
const routes: RouteObject[] = [{ path: '/b/:businessId/home', element: <HomePage /> }];

const FEATURES = {
  businessId: BUSINESS_ID,
  verificationStep: 'NOT_INITIATED',
  verificationStatus: null,
  isVerified: false,
  features: [
    {
      key: 'SEND_PAYMENTS',
      label: 'Pay bills and vendors',
      requiresVerification: true,
      enabled: false,
      reason: 'x',
    },
    { key: 'BILLS', label: 'Bills', requiresVerification: false, enabled: true, reason: null },
  ],
};

const TOURS_DONE = { home: true, 'bill-payments': false, approvals: false, invoices: false };
const TOURS_NEW = { home: false, 'bill-payments': false, approvals: false, invoices: false };

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  const profile = makeUserProfile();
  signInAs(profile);
  api = mockApi({
    'GET /user': ok(profile),
    [`GET /business/${BUSINESS_ID}`]: ok(makeBusiness()),
    [`GET /business/${BUSINESS_ID}/features`]: ok(FEATURES),
    'GET /user/tour-status': ok(TOURS_DONE),
    'POST /user/tour-status': ok(TOURS_DONE),
  });
});

describe('Home dashboard (spec 000 §1, §2)', () => {
  it('greets the user and shows the welcome panel of a new business', async () => {
    renderRoutes(routes, HOME);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Harbor Coffee Roasters' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Welcome, Ada')).toBeInTheDocument();

    const panel = screen.getByRole('region', { name: 'Receive payments quickly' });
    for (const phrase of ['Achieve zero AR', 'Get paid faster', 'Forget bank hours', 'Save on fees']) {
      expect(within(panel).getByRole('heading', { name: phrase })).toBeInTheDocument();
    }
    expect(panel).toHaveTextContent(/around the clock/);
    expect(panel).toHaveTextContent(/up to 80% on processing fees/);
    for (const badge of ['RTP®', 'FedNow℠', 'SOC 2 Type II']) {
      expect(within(panel).getByText(badge)).toBeInTheDocument();
    }
    expect(within(panel).getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Terms of Service' })).toBeInTheDocument();
    await waitFor(() => expect(getStored('activeBusiness')?.id).toBe(BUSINESS_ID));
  });

  it('shows the setup progress with a real link for each step', async () => {
    renderRoutes(routes, HOME);
    const setup = await screen.findByRole('region', { name: 'Set up your business' });
    expect(within(setup).getByText('0 of 4 steps done')).toBeInTheDocument();
    const items = within(setup).getAllByRole('listitem');
    expect(
      items.map((item) =>
        within(item)
          .getAllByRole('link')
          .map((l) => l.getAttribute('href')),
      ),
    ).toEqual([
      [`/b/${BUSINESS_ID}/kyb/details`],
      [`/b/${BUSINESS_ID}/settings/bank-account`],
      [`/b/${BUSINESS_ID}/settings/integration`],
      [`/b/${BUSINESS_ID}/vendors/add`, `/b/${BUSINESS_ID}/customers/add`],
    ]);
    expect(items[0]).toHaveTextContent('Not started');
  });

  it('counts a linked bank account, a connected accounting software and a first contact as done', async () => {
    api.handlers[`GET /business/${BUSINESS_ID}/bank/accounts`] = ok([{ id: 'bbbbbbbbbbbbbbbbbbbbbbb1' }]);
    api.handlers[`GET /business/${BUSINESS_ID}/accounting/connection`] = ok({ status: 'CONNECTED' });
    api.handlers[`GET /business/${BUSINESS_ID}/accounting/contacts/vendors`] = ok({
      items: [],
      total: 2,
      pageNumber: 1,
      pageSize: 1,
    });
    renderRoutes(routes, HOME);
    const setup = await screen.findByRole('region', { name: 'Set up your business' });
    await waitFor(() => expect(within(setup).getByText('3 of 4 steps done')).toBeInTheDocument());
    const items = within(setup).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Linked');
    expect(items[2]).toHaveTextContent('Connected');
    expect(items[3]).toHaveTextContent('Added');
  });

  it('says what waits for verification until the business is verified', async () => {
    renderRoutes(routes, HOME);
    expect(
      await screen.findByText('Full functionality is available only to verified businesses.'),
    ).toBeInTheDocument();
    expect(await screen.findByText(/Waiting for verification: Pay bills and vendors\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start verification' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/kyb/details`,
    );
  });

  it('marks a verified business done and leaves out the welcome panel and the notice', async () => {
    api.handlers[`GET /business/${BUSINESS_ID}`] = ok(
      makeBusiness({ verificationStep: 'OWNERS', status: 'FULL_VERIFIED' }),
    );
    renderRoutes(routes, HOME);
    const setup = await screen.findByRole('region', { name: 'Set up your business' });
    expect(within(setup).getByText('1 of 4 steps done')).toBeInTheDocument();
    expect(within(setup).getAllByRole('listitem')[0]).toHaveTextContent('Verified');
    expect(screen.queryByRole('region', { name: 'Receive payments quickly' })).not.toBeInTheDocument();
    expect(screen.queryByText(/only to verified businesses/)).not.toBeInTheDocument();
    expect(api.callsTo(`GET /business/${BUSINESS_ID}/features`)).toHaveLength(0);
  });

  it('shows the load error for a business the user cannot open', async () => {
    api.handlers[`GET /business/${BUSINESS_ID}`] = fail(404, 'Business not found');
    renderRoutes(routes, HOME);
    expect(await screen.findByText('Error loading data: Business not found')).toBeInTheDocument();
  });
});

describe('Home tour (spec 000 §2 guided tours)', () => {
  it('starts when the home tour is not completed and saves it when closed', async () => {
    api.handlers['GET /user/tour-status'] = ok(TOURS_NEW);
    const user = userEvent.setup();
    renderRoutes(routes, HOME);
    const tour = await screen.findByRole('dialog', { name: 'Welcome to Ferry' });
    expect(api.callsTo('POST /user/tour-status')).toHaveLength(0);
    await user.click(within(tour).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(api.bodiesOf('POST /user/tour-status')).toEqual([{ tour: 'home', completed: true }]),
    );
    expect(screen.queryByRole('dialog', { name: 'Welcome to Ferry' })).not.toBeInTheDocument();
  });
});
