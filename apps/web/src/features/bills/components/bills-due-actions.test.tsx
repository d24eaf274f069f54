import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { ok, pageReply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { API, BUSINESS_ID, makeBill, SUMMARY } from '../testing/bills';
import { BillsDuePage } from './bills-due-page';

const routes: RouteObject[] = [{ path: '/b/:businessId/bills/due', element: <BillsDuePage /> }];
const DUE = `/b/${BUSINESS_ID}/bills/due`;
const SECOND = makeBill({ id: 'eeeeeeeeeeeeeeeeeeeeee02', refNo: 'BILL-0002', unScheduledBalance: 40 });
const PAID_OUT = makeBill({ id: 'eeeeeeeeeeeeeeeeeeeeee03', refNo: 'BILL-0003', unScheduledBalance: 0 });

const handlers = {
  [`GET ${API}/bills/summary/due`]: ok(SUMMARY),
  [`GET ${API}/due-bills`]: pageReply([makeBill(), SECOND, PAID_OUT]),
  [`GET ${API}/bank/accounts`]: ok([]),
  [`GET ${API}/card-payment/cards`]: ok([]),
  'GET /bank-calendar-days/bank-holidays': ok({ holidays: [] }),
};

describe('Bills tab row actions', () => {
  it('links Pay to the make-payment page, opens Mark as paid, and pays the selected bills together', async () => {
    const user = userEvent.setup();
    mockBusinessApi(undefined, handlers);
    renderRoutes(routes, DUE);
    expect(await screen.findByRole('link', { name: 'Pay bill BILL-0001' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/bills/payment-request/eeeeeeeeeeeeeeeeeeeeee01/make-payment`,
    );
    // Nothing left to schedule: no Pay, no Mark as paid, not selectable.
    expect(screen.queryByRole('link', { name: 'Pay bill BILL-0003' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select bill BILL-0003' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Mark bill BILL-0002 as paid' }));
    const markDialog = await screen.findByRole('dialog', { name: 'Mark Bill as Paid' });
    expect(within(markDialog).getByRole('radio', { name: 'Due amount ($40.00)' })).toBeChecked();
    await user.click(within(markDialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('button', { name: /Pay selected/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all bills on this page' }));
    await user.click(screen.getByRole('button', { name: 'Pay selected (2)' }));
    const bulk = await screen.findByRole('dialog', { name: 'Schedule payments' });
    expect(within(bulk).getByRole('textbox', { name: 'Amount for BILL-0001' })).toHaveValue('1,000.00');
    expect(within(bulk).getByRole('textbox', { name: 'Amount for BILL-0002' })).toHaveValue('40.00');
    expect(within(bulk).getByRole('button', { name: 'Schedule 2 payments' })).toBeDisabled();
  });

  it('shows no payment actions to a member who may only view bills', async () => {
    mockBusinessApi(makeTestBusiness({ role: 'Viewer', permissions: ['PAY_DUE_BILLS.view'] }), handlers);
    renderRoutes(routes, DUE);
    expect(await screen.findByText('BILL-0001')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Pay bill/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /as paid/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
