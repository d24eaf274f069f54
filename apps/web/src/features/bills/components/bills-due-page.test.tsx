import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { fail, ok, pageReply, queriesOf } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { API, BUSINESS_ID, makeBill, SUMMARY } from '../testing/bills';
import { BillsArea } from './bills-area';
import { BillsDuePage, NO_DUE_BILLS } from './bills-due-page';

const routes: RouteObject[] = [
  {
    path: '/b/:businessId/bills',
    element: (
      <BillsArea>
        <Outlet />
      </BillsArea>
    ),
    children: [{ path: 'due', element: <BillsDuePage /> }],
  },
  { path: '/b/:businessId/bills/create', element: <Where name="Create bill" /> },
  {
    path: '/b/:businessId/bills/payment-request/:paymentId/make-payment',
    element: <Where name="Bill page" />,
  },
];
const BILL_PAGE = `/b/${BUSINESS_ID}/bills/payment-request/eeeeeeeeeeeeeeeeeeeeee01/make-payment`;
const DUE = `/b/${BUSINESS_ID}/bills/due`;
const DUE_API = `${API}/due-bills`;
const SUMMARY_API = `${API}/bills/summary/due`;

describe('Bills tab', () => {
  it('shows the summary cards, the count badge and the due bills with dates, money and status', async () => {
    const api = mockBusinessApi(undefined, {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${DUE_API}`]: pageReply([makeBill()]),
    });
    renderRoutes(routes, DUE);
    const row = (await screen.findByText('BILL-0001')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Blue Bottle Supply')).toBeInTheDocument();
    expect(within(row).getByText('Nov 2, 2026')).toBeInTheDocument();
    expect(within(row).getByText('Nov 9, 2026')).toBeInTheDocument();
    expect(within(row).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(row).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(row).getByText('Partial Paid')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Total outstanding: $4,200.00, 3 bills' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Overdue: $3,200.00, 2 bills' })).toBeInTheDocument();
    expect(screen.getByLabelText('3 open bills')).toHaveTextContent('3');
    expect(Object.fromEntries(queriesOf(api, DUE_API)[0] ?? [])).toEqual({
      pageNumber: '1',
      pageSize: '10',
      sortBy: 'date',
      sortOrder: 'desc',
    });
    expect(screen.getByRole('link', { name: 'Create bill' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/bills/create`,
    );
  });

  it('filters by a summary card, and a second click clears the filter', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${DUE_API}`]: pageReply([makeBill()]),
    });
    renderRoutes(routes, DUE);
    const overdue = await screen.findByRole('button', { name: 'Overdue: $3,200.00, 2 bills' });
    await user.click(overdue);
    await waitFor(() => expect(queriesOf(api, DUE_API).at(-1)?.get('billSummaryType')).toBe('OVERDUE'));
    expect(overdue).toHaveAttribute('aria-pressed', 'true');
    await user.click(overdue);
    await waitFor(() => expect(queriesOf(api, DUE_API).at(-1)?.get('billSummaryType')).toBeNull());
    expect(overdue).toHaveAttribute('aria-pressed', 'false');
  });

  it("opens with a summary card's filter from the link (home's figures: ?summary=OVERDUE)", async () => {
    const api = mockBusinessApi(undefined, {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${DUE_API}`]: pageReply([makeBill()]),
    });
    renderRoutes(routes, `${DUE}?summary=OVERDUE`);
    const overdue = await screen.findByRole('button', { name: 'Overdue: $3,200.00, 2 bills' });
    expect(overdue).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(queriesOf(api, DUE_API)[0]?.get('billSummaryType')).toBe('OVERDUE'));
  });

  it('sorts by a column and filters with the popover', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${DUE_API}`]: pageReply([makeBill()]),
    });
    renderRoutes(routes, DUE);
    await user.click(await screen.findByRole('button', { name: 'Sort by amount' }));
    await waitFor(() => expect(queriesOf(api, DUE_API).at(-1)?.get('sortBy')).toBe('amount'));
    await user.click(screen.getByRole('button', { name: 'Sort by amount, descending' }));
    await waitFor(() => expect(queriesOf(api, DUE_API).at(-1)?.get('sortOrder')).toBe('asc'));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const radio = await screen.findByRole('radio', { name: 'Due in the next 3 days' });
    await user.click(radio);
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queriesOf(api, DUE_API).at(-1)?.get('dateRange')).toBe('NEXT_3_DAYS'));
  });

  it('shows the empty state with a way to create a bill', async () => {
    const user = userEvent.setup();
    mockBusinessApi(undefined, { [`GET ${SUMMARY_API}`]: ok(SUMMARY), [`GET ${DUE_API}`]: pageReply([]) });
    renderRoutes(routes, DUE);
    expect(await screen.findByText(NO_DUE_BILLS)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Create a bill' }));
    expect(
      await screen.findByRole('heading', { name: `Create bill at /b/${BUSINESS_ID}/bills/create` }),
    ).toBeInTheDocument();
  });

  it('hides Create bill from members who may only view bills, and shows errors with a retry', async () => {
    mockBusinessApi(makeTestBusiness({ role: 'Viewer', permissions: ['PAY_DUE_BILLS.view'] }), {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${DUE_API}`]: fail(500, 'Something went wrong.'),
    });
    renderRoutes(routes, DUE);
    expect(await screen.findByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create bill' })).not.toBeInTheDocument();
  });

  it('opens the bill page when a row is clicked or Enter is pressed on it, but not from its buttons', async () => {
    const user = userEvent.setup();
    mockBusinessApi(undefined, {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${DUE_API}`]: pageReply([makeBill()]),
      [`GET ${API}/bank/accounts`]: ok([]),
    });
    const first = renderRoutes(routes, DUE);
    const row = await screen.findByRole('row', { name: 'Open bill BILL-0001 from Blue Bottle Supply' });
    // The row's own buttons and checkbox act on their own.
    await user.click(within(row).getByRole('button', { name: 'Mark bill BILL-0001 as paid' }));
    expect(await screen.findByRole('dialog', { name: 'Mark Bill as Paid' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(row).getByRole('checkbox', { name: 'Select bill BILL-0001' }));
    expect(screen.queryByRole('heading', { name: `Bill page at ${BILL_PAGE}` })).not.toBeInTheDocument();
    await user.click(within(row).getByText('Nov 9, 2026'));
    expect(await screen.findByRole('heading', { name: `Bill page at ${BILL_PAGE}` })).toBeInTheDocument();
    first.unmount();

    renderRoutes(routes, DUE);
    const again = await screen.findByRole('row', { name: 'Open bill BILL-0001 from Blue Bottle Supply' });
    again.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: `Bill page at ${BILL_PAGE}` })).toBeInTheDocument();
  });
});
