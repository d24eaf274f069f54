import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Business } from '@/lib/businesses';
import { makeTestBusiness, TEST_BUSINESS_ID } from '@/testing/businesses';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { getHomeAccess } from '../utils/home-access';
import { CASH_FLOW_EMPTY, CASH_FLOW_TITLE, CashFlowCard, niceCeiling } from './cash-flow';
import { cashFlowWeek, makeTestCashFlow } from './cash-flow.testing';

const B = `/business/${TEST_BUSINESS_ID}`;
const HOME = `/b/${TEST_BUSINESS_ID}/home`;

const routesFor = (business: Business): RouteObject[] => [
  {
    path: '/b/:businessId/home',
    element: <CashFlowCard businessId={business.id} access={getHomeAccess(business)} />,
  },
];

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi({ [`GET ${B}/cash-flow`]: ok(makeTestCashFlow()) });
});

const card = () => screen.findByRole('region', { name: CASH_FLOW_TITLE });

describe('Cash flow card', () => {
  it('draws the 8 weeks, each naming its amounts, with the legend and the overdue amount apart', async () => {
    renderRoutes(routesFor(makeTestBusiness()), HOME);
    const region = await card();
    const weeks = await within(region).findByRole('list', { name: 'Weeks' });
    const buttons = within(weeks).getAllByRole('button');
    expect(buttons).toHaveLength(8);
    expect(buttons[0]).toHaveAccessibleName(
      'Week of Nov 23 – Nov 29: expected in $1,750.50, going out $900.00, net $850.50',
    );
    expect(buttons[1]).toHaveAccessibleName(
      'Week of Nov 30 – Dec 6: expected in $0.00, going out $2,200.00, net -$2,200.00',
    );
    expect(region).toHaveTextContent('Expected in');
    expect(region).toHaveTextContent('Going out');
    expect(region).toHaveTextContent('Net');
    expect(region).toHaveTextContent('Overdue invoices (not in the weeks): $410.00');
    expect(within(region).getByRole('link', { name: 'View invoices' })).toHaveAttribute(
      'href',
      `/b/${TEST_BUSINESS_ID}/invoices`,
    );
  });

  it('shows a week’s amounts on hover and on keyboard focus', async () => {
    renderRoutes(routesFor(makeTestBusiness()), HOME);
    const region = await card();
    const buttons = within(await within(region).findByRole('list', { name: 'Weeks' })).getAllByRole('button');
    fireEvent.mouseEnter(buttons[3] as HTMLElement);
    expect(region).toHaveTextContent('Dec 14 – Dec 20');
    expect(region).toHaveTextContent('Expected in: $800.00');

    // Tab order: View invoices, View as table, then the weeks.
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(buttons[0]).toHaveFocus();
    expect(region).toHaveTextContent('Expected in: $1,750.50 ($1,500.00 invoices, $250.50 on its way)');
    expect(region).toHaveTextContent('Going out: $900.00');
    expect(region).toHaveTextContent('Net: $850.50');
    expect(region).not.toHaveTextContent('Dec 14 – Dec 20');
  });

  it('offers the same figures as a table', async () => {
    const user = userEvent.setup();
    renderRoutes(routesFor(makeTestBusiness()), HOME);
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'View as table' }));
    // The table's module loads when it is asked for.
    const table = await within(region).findByRole('table', { name: 'Cash flow by week (Monday to Sunday)' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Week',
      'Invoices due',
      'Payments on their way in',
      'Expected in',
      'Going out',
      'Net',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(8);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Nov 23 – Nov 29');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$1,500.00', '$250.50', '$1,750.50', '$900.00', '$850.50']);
    expect(rows[1]).toHaveTextContent('-$2,200.00');
    expect(within(region).queryByRole('list', { name: 'Weeks' })).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'View as chart' }));
    expect(within(region).getByRole('list', { name: 'Weeks' })).toBeInTheDocument();
  });

  it('says so when nothing is expected either way', async () => {
    api.handlers[`GET ${B}/cash-flow`] = ok(
      makeTestCashFlow({ weeks: Array.from({ length: 8 }, (_, i) => cashFlowWeek(i)), overdueIn: 0 }),
    );
    renderRoutes(routesFor(makeTestBusiness()), HOME);
    const region = await card();
    expect(await within(region).findByText(CASH_FLOW_EMPTY)).toBeInTheDocument();
    expect(within(region).queryByRole('list', { name: 'Weeks' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'View as table' })).not.toBeInTheDocument();
  });

  it('shows a member who may read payments only the money going out', async () => {
    api.handlers[`GET ${B}/cash-flow`] = ok(
      makeTestCashFlow({
        weeks: Array.from({ length: 8 }, (_, i) => cashFlowWeek(i, 0, 0, i === 2 ? 640 : 0)),
        overdueIn: 0,
        sides: { in: false, out: true },
      }),
    );
    renderRoutes(routesFor(makeTestBusiness({ permissions: ['PAY_PAYMENTS.view'] })), HOME);
    const region = await card();
    const buttons = within(await within(region).findByRole('list', { name: 'Weeks' })).getAllByRole('button');
    expect(buttons[2]).toHaveAccessibleName('Week of Dec 7 – Dec 13: going out $640.00');
    expect(region).not.toHaveTextContent('Expected in');
    expect(region).not.toHaveTextContent('Overdue invoices');
    expect(region).not.toHaveTextContent('Net');
  });

  it('is left out for a member who may read neither side, and asks nothing', async () => {
    renderRoutes(routesFor(makeTestBusiness({ permissions: ['SETTINGS_PAYMENT_METHODS.view'] })), HOME);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: CASH_FLOW_TITLE })).not.toBeInTheDocument();
    expect(api.callsTo(`GET ${B}/cash-flow`)).toHaveLength(0);
  });

  it('shows a loading skeleton, then the error state with Try again', async () => {
    api.handlers[`GET ${B}/cash-flow`] = fail(500, 'Something went wrong');
    renderRoutes(routesFor(makeTestBusiness()), HOME);
    const region = await card();
    expect(within(region).getByLabelText('Loading cash flow')).toBeInTheDocument();
    expect(await within(region).findByText('Error loading data: Something went wrong')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('niceCeiling', () => {
  it('rounds an axis bound up to 1, 2, 2.5, 4, 5 or 8 × a power of ten', () => {
    expect(niceCeiling(0)).toBe(0);
    expect(niceCeiling(2200)).toBe(2500);
    expect(niceCeiling(1750.5)).toBe(2000);
    expect(niceCeiling(640)).toBe(800);
    expect(niceCeiling(31_038.08)).toBe(40_000);
    expect(niceCeiling(900)).toBe(1000);
    expect(niceCeiling(5)).toBe(5);
  });
});
