import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Business } from '@/lib/businesses';
import { makeTestBank } from '@/testing/banks';
import { makeTestBusiness, TEST_BUSINESS_ID } from '@/testing/businesses';
import { makeTestCard } from '@/testing/cards';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { makeTestPayment } from '@/testing/payments';
import { renderRoutes } from '@/testing/test-utils';
import { BusinessHomeDashboard, BusinessQuickActions } from '../index';
import { CASH_FLOW_TITLE } from './cash-flow';
import { makeTestCashFlow } from './cash-flow.testing';
import { EMPTY_HOME_TITLE } from './home-dashboard';
import { NO_PAY_FROM_ACCOUNTS } from './pay-from-accounts';
import { NO_PAYMENTS_YET } from './recent-payments';

const B = `/business/${TEST_BUSINESS_ID}`;
const HOME = `/b/${TEST_BUSINESS_ID}/home`;

const bucket = (amount: number, total: number) => ({ amount, total });
const DUE_SUMMARY = {
  totalOutstanding: bucket(9120.75, 6),
  dueInNext7Days: bucket(2400, 2),
  overdue: bucket(1830.25, 3),
  today: '2026-11-26',
};
const PAYMENTS_SUMMARY = {
  attentionRequired: bucket(310, 1),
  processing: bucket(500.1, 1),
  scheduled: bucket(1250.5, 2),
};
const page = (items: unknown[]) => ({ items, total: items.length, pageNumber: 1, pageSize: 5 });

const routesFor = (business: Business): RouteObject[] => [
  {
    path: '/b/:businessId/home',
    element: (
      <>
        <BusinessQuickActions business={business} />
        <BusinessHomeDashboard business={business} />
      </>
    ),
  },
];

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi({
    [`GET ${B}/bills/summary/due`]: ok(DUE_SUMMARY),
    [`GET ${B}/bills/summary/payments`]: ok(PAYMENTS_SUMMARY),
    [`GET ${B}/payments`]: ok(
      page([
        makeTestPayment(),
        makeTestPayment({
          id: 'ffffffffffffffffffffff02',
          status: 'DELIVERED',
          amount: 89.9,
          totalAmount: 89.9,
          date: '2026-11-20',
          vendor: { id: 'v2', name: 'Northwind Dairy', email: 'ap@northwind.example' },
        }),
      ]),
    ),
    [`GET ${B}/bank/accounts`]: ok([
      makeTestBank({ bankName: 'Chase', bankDetails: { name: 'Chase', logo: null, institutionId: null } }),
    ]),
    [`GET ${B}/card-payment/cards`]: ok([makeTestCard()]),
    [`GET ${B}/cash-flow`]: ok(makeTestCashFlow()),
  });
});

describe('Home dashboard', () => {
  it('shows bills overdue and due this week, money going out, each linking to its list', async () => {
    renderRoutes(routesFor(makeTestBusiness()), HOME);
    const overdue = await screen.findByRole('article', { name: 'Overdue bills' });
    expect(await within(overdue).findByText('$1,830.25')).toBeInTheDocument();
    expect(overdue).toHaveTextContent('3 bills past the due date');
    expect(within(overdue).getByRole('link', { name: 'Review overdue bills' })).toHaveAttribute(
      'href',
      `/b/${TEST_BUSINESS_ID}/bills/due?summary=OVERDUE`,
    );

    const week = screen.getByRole('article', { name: 'Due this week' });
    expect(week).toHaveTextContent('$2,400.00');
    expect(week).toHaveTextContent('2 bills due in the next 7 days');
    expect(within(week).getByRole('link', { name: 'See bills due soon' })).toHaveAttribute(
      'href',
      `/b/${TEST_BUSINESS_ID}/bills/due?summary=DUE_IN_7_DAYS`,
    );

    // Scheduled $1,250.50 + processing $500.10, added in cents.
    const out = await screen.findByRole('article', { name: 'Scheduled to go out' });
    expect(await within(out).findByText('$1,750.60')).toBeInTheDocument();
    expect(out).toHaveTextContent('3 payments scheduled or processing');
    expect(out).toHaveTextContent('1 payment needs attention');
    expect(within(out).getByRole('link', { name: 'View payments' })).toHaveAttribute(
      'href',
      `/b/${TEST_BUSINESS_ID}/bills/payment/list`,
    );
  });

  it('lists the recent payments with vendor, amount and status, each opening the payment', async () => {
    renderRoutes(routesFor(makeTestBusiness()), HOME);
    const recent = await screen.findByRole('region', { name: 'Recent payments' });
    const rows = await within(recent).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Blue Bottle Supply');
    expect(rows[0]).toHaveTextContent('$1,250.50');
    expect(rows[0]).toHaveTextContent('Scheduled');
    expect(within(rows[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      `/b/${TEST_BUSINESS_ID}/bills/payment/ffffffffffffffffffffff01/detail`,
    );
    expect(rows[1]).toHaveTextContent('Northwind Dairy');
    expect(rows[1]).toHaveTextContent('$89.90');
    expect(rows[1]).toHaveTextContent('Delivered');
    expect(rows[1]).toHaveTextContent('Nov 20, 2026');
    const [call] = api.callsTo(`GET ${B}/payments`);
    expect(call).toBeDefined();
  });

  it('shows the accounts it pays from with masks and verification status', async () => {
    api.handlers[`GET ${B}/bank/accounts`] = ok([
      makeTestBank({ bankName: 'Chase', bankDetails: { name: 'Chase', logo: null, institutionId: null } }),
      makeTestBank({
        id: 'bbbbbbbbbbbbbbbbbbbbbbb2',
        bankName: 'Harbor Credit Union',
        bankDetails: { name: 'Harbor Credit Union', logo: null, institutionId: null },
        accountMask: '6789',
        isPrimary: false,
        verificationStatus: 'PENDING',
        accountStatus: 'NOT_VERIFIED',
      }),
    ]);
    renderRoutes(routesFor(makeTestBusiness()), HOME);
    const payFrom = await screen.findByRole('region', { name: 'Pay from' });
    const rows = await within(payFrom).findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Harbor Credit Union');
    expect(rows[1]).toHaveTextContent('•••• 6789');
    expect(rows[1]).toHaveTextContent('Pending verification');
    expect(rows[2]).toHaveTextContent('Visa •••• 4242');
    expect(rows[2]).toHaveTextContent('expires 12/30');
    expect(within(payFrom).getByRole('link', { name: 'Manage' })).toHaveAttribute(
      'href',
      `/b/${TEST_BUSINESS_ID}/settings/bank-account`,
    );
  });

  it('gives the quick actions to a member who may act', async () => {
    renderRoutes(routesFor(makeTestBusiness()), HOME);
    const actions = await screen.findByRole('group', { name: 'Quick actions' });
    expect(within(actions).getByRole('link', { name: 'Pay a bill' })).toHaveAttribute(
      'href',
      `/b/${TEST_BUSINESS_ID}/bills/due`,
    );
    expect(within(actions).getByRole('link', { name: 'Add a bill' })).toHaveAttribute(
      'href',
      `/b/${TEST_BUSINESS_ID}/bills/create`,
    );
    expect(within(actions).getByRole('link', { name: 'Add a vendor' })).toHaveAttribute(
      'href',
      `/b/${TEST_BUSINESS_ID}/vendors/add`,
    );
  });

  it('gives a read-only member the figures but no action buttons', async () => {
    const viewer = makeTestBusiness({ permissions: ['PAY_FULL_ACCESS.view', 'SETTINGS_FULL_ACCESS.view'] });
    renderRoutes(routesFor(viewer), HOME);
    expect(await screen.findByRole('article', { name: 'Overdue bills' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Recent payments' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Pay from' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Quick actions' })).not.toBeInTheDocument();
    for (const name of ['Pay a bill', 'Add a bill', 'Add a vendor']) {
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    }
  });

  it('shows only what a member may read and asks nothing else', async () => {
    const banker = makeTestBusiness({ permissions: ['SETTINGS_PAYMENT_METHODS.view'] });
    renderRoutes(routesFor(banker), HOME);
    expect(await screen.findByRole('region', { name: 'Pay from' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Overdue bills' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent payments' })).not.toBeInTheDocument();
    expect(api.callsTo(`GET ${B}/bills/summary/due`)).toHaveLength(0);
    expect(api.callsTo(`GET ${B}/payments`)).toHaveLength(0);
    expect(api.callsTo(`GET ${B}/bills/summary/payments`)).toHaveLength(0);
    expect(screen.queryByRole('region', { name: CASH_FLOW_TITLE })).not.toBeInTheDocument();
    expect(api.callsTo(`GET ${B}/cash-flow`)).toHaveLength(0);
  });

  it('shows the cash flow of the next 8 weeks under the figures', async () => {
    renderRoutes(routesFor(makeTestBusiness()), HOME);
    const figures = await screen.findByRole('region', { name: 'At a glance' });
    const cashFlow = await screen.findByRole('region', { name: CASH_FLOW_TITLE });
    expect(figures.compareDocumentPosition(cashFlow) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(cashFlow).findAllByRole('button', { name: /^Week of / })).toHaveLength(8);
  });

  it('greets a new business with no bills with friendly text and the actions', async () => {
    api.handlers[`GET ${B}/bills/summary/due`] = ok({
      totalOutstanding: bucket(0, 0),
      dueInNext7Days: bucket(0, 0),
      overdue: bucket(0, 0),
      today: '2026-11-26',
    });
    api.handlers[`GET ${B}/payments`] = ok(page([]));
    api.handlers[`GET ${B}/bank/accounts`] = ok([]);
    api.handlers[`GET ${B}/card-payment/cards`] = ok([]);
    renderRoutes(routesFor(makeTestBusiness()), HOME);
    const empty = await screen.findByRole('region', { name: EMPTY_HOME_TITLE });
    expect(within(empty).getByRole('link', { name: 'Add a bill' })).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Add a vendor' })).toBeInTheDocument();
    // Offered once, in the welcome; nothing to pay yet.
    expect(screen.getAllByRole('link', { name: 'Add a bill' })).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Pay a bill' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Overdue bills' })).not.toBeInTheDocument();
    const payFrom = screen.getByRole('region', { name: 'Pay from' });
    expect(await within(payFrom).findByText(NO_PAY_FROM_ACCOUNTS)).toBeInTheDocument();
    expect(within(payFrom).getByRole('link', { name: 'Link a bank account' })).toBeInTheDocument();
  });

  it('says so when there are open bills but no payments yet', async () => {
    api.handlers[`GET ${B}/payments`] = ok(page([]));
    renderRoutes(routesFor(makeTestBusiness()), HOME);
    const recent = await screen.findByRole('region', { name: 'Recent payments' });
    expect(await within(recent).findByText(NO_PAYMENTS_YET)).toBeInTheDocument();
  });

  it('shows the shared error state with Try again when a figure cannot load', async () => {
    api.handlers[`GET ${B}/bills/summary/due`] = fail(500, 'Something went wrong');
    renderRoutes(routesFor(makeTestBusiness()), HOME);
    expect(await screen.findByText('Error loading data: Something went wrong')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
    // The rest of home still shows.
    expect(await screen.findByRole('article', { name: 'Scheduled to go out' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Overdue bills' })).not.toBeInTheDocument(),
    );
  });
});
