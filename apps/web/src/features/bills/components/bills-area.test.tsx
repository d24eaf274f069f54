import { ACCESS_DENIED_MESSAGE } from '@ferry/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { API, BUSINESS_ID, SUMMARY } from '../testing/bills';
import { BillsArea, BillsAreaIndex } from './bills-area';

const routes: RouteObject[] = [
  {
    path: '/b/:businessId/bills',
    element: (
      <BillsArea>
        <Outlet />
      </BillsArea>
    ),
    children: [
      { index: true, element: <BillsAreaIndex /> },
      { path: 'payment-request', element: <Where name="For Review tab" /> },
      { path: 'due', element: <Where name="Bills tab" /> },
      { path: 'payment/list', element: <Where name="Payments tab" /> },
      { path: 'approvals', element: <Where name="Approvals tab" /> },
    ],
  },
];
const BILLS = `/b/${BUSINESS_ID}/bills`;
const OVERVIEW = `GET /approve-payment/${BUSINESS_ID}/summary/overview`;

describe('Bills area', () => {
  it('opens For Review first and moves between the three tabs, with the open-bills badge on Bills', async () => {
    const user = userEvent.setup();
    mockBusinessApi(undefined, { [`GET ${API}/bills/summary/due`]: ok(SUMMARY) });
    renderRoutes(routes, BILLS);
    expect(
      await screen.findByRole('heading', { name: `For Review tab at ${BILLS}/payment-request` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Bills' })).toBeInTheDocument();
    expect(await screen.findByLabelText('3 open bills')).toHaveTextContent('3');
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(
      await screen.findByRole('heading', { name: `Payments tab at ${BILLS}/payment/list` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: /^Bills/ }));
    expect(await screen.findByRole('heading', { name: `Bills tab at ${BILLS}/due` })).toBeInTheDocument();
  });

  it('shows only the tabs the role may read, opens the first of them, and refuses a tab it may not read', async () => {
    mockBusinessApi(makeTestBusiness({ role: 'Viewer', permissions: ['PAY_DUE_BILLS.view'] }), {
      [`GET ${API}/bills/summary/due`]: ok(SUMMARY),
    });
    const { unmount } = renderRoutes(routes, BILLS);
    expect(await screen.findByRole('heading', { name: `Bills tab at ${BILLS}/due` })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Bills3']);
    expect(screen.queryByRole('link', { name: 'Create bill' })).not.toBeInTheDocument();
    unmount();
    renderRoutes(routes, `${BILLS}/payment/list`);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Payments tab/ })).not.toBeInTheDocument();
  });

  it('shows the Approvals tab to who may read approve-and-pay, with the count awaiting their approval', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      [`GET ${API}/bills/summary/due`]: ok(SUMMARY),
      [OVERVIEW]: ok({
        awaitingYourApproval: { amount: 3250.5, total: 3 },
        awaitingOthers: { amount: 0, total: 0 },
        approved: { amount: 0, total: 0 },
        rejected: { amount: 0, total: 0 },
      }),
    });
    renderRoutes(routes, `${BILLS}/due`);
    expect(await screen.findByLabelText('3 awaiting your approval')).toHaveTextContent('3');
    await user.click(screen.getByRole('tab', { name: /^Approvals/ }));
    expect(
      await screen.findByRole('heading', { name: `Approvals tab at ${BILLS}/approvals` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Approvals/ })).toHaveAttribute('aria-selected', 'true');
    expect(api.callsTo(OVERVIEW)).toHaveLength(1);
  });

  it('hides the Approvals tab, its badge and its call from a role without approve-and-pay', async () => {
    const api = mockBusinessApi(
      makeTestBusiness({ role: 'Viewer', permissions: ['PAY_DUE_BILLS.view', 'PAY_PAYMENTS.view'] }),
      { [`GET ${API}/bills/summary/due`]: ok(SUMMARY) },
    );
    const { unmount } = renderRoutes(routes, `${BILLS}/due`);
    expect(await screen.findByRole('heading', { name: `Bills tab at ${BILLS}/due` })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Approvals/ })).not.toBeInTheDocument();
    expect(api.callsTo(OVERVIEW)).toHaveLength(0);
    unmount();
    renderRoutes(routes, `${BILLS}/approvals`);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
  });
});
