import { BILL_MESSAGES } from '@ferry/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTestBill, TEST_BILL_ID } from '@/testing/bills';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { makeTestVendor } from '@/testing/contacts';
import { fail, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { ACCOUNT_ID, API, BUSINESS_ID, VENDOR_ID } from '../testing/bills';
import { BILL_UPDATED_MESSAGE } from './create-bill-page';
import { EditBillPage } from './edit-bill-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/bills/:billId/edit', element: <EditBillPage /> },
  {
    path: '/b/:businessId/bills/payment-request/:paymentId/make-payment',
    element: <Where name="Bill page" />,
  },
];
const EDIT = `/b/${BUSINESS_ID}/bills/${TEST_BILL_ID}/edit`;
const BILL_PAGE = `/b/${BUSINESS_ID}/bills/payment-request/${TEST_BILL_ID}/make-payment`;

const UNPAID = makeTestBill({
  refNo: 'BILL-0042',
  amount: 300,
  balance: 300,
  scheduledAmount: 0,
  unScheduledBalance: 300,
  status: 'unpaid',
  subtotal: 300,
  memo: 'Beans',
  lines: [
    {
      id: 'line-1',
      itemId: null,
      chartAccountId: ACCOUNT_ID,
      name: 'Office expenses',
      itemName: null,
      coaName: 'Office expenses',
      description: 'Roast',
      quantity: 2,
      unitPrice: 150,
      amount: 300,
    },
  ],
});

const pickers = {
  [`GET ${API}/accounting/contacts/bill-vendors`]: ok({
    items: [makeTestVendor({ id: VENDOR_ID })],
    total: 1,
    pageNumber: 1,
    pageSize: 100,
  }),
  [`GET ${API}/accounting/items`]: ok({ items: [], total: 0, pageNumber: 1, pageSize: 1000 }),
  [`GET ${API}/accounting/accounts`]: ok({
    items: [
      { id: ACCOUNT_ID, name: 'Office expenses', accountType: 'EXPENSE', number: null, source: 'FERRY' },
    ],
    total: 1,
    pageNumber: 1,
    pageSize: 1000,
  }),
  [`GET ${API}/bills/next-reference-number`]: ok({ refNo: 'BILL-0043' }),
};

describe('Edit bill', () => {
  it('opens the saved bill prefilled and saves it with PATCH, then goes back to the bill', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      ...pickers,
      [`GET ${API}/bills/${TEST_BILL_ID}`]: ok(UNPAID),
      [`PATCH ${API}/bills/${TEST_BILL_ID}`]: ok({ ...UNPAID, amount: 450, balance: 450 }),
    });
    renderRoutes(routes, EDIT);
    expect(await screen.findByRole('heading', { name: 'Edit bill BILL-0042' })).toBeInTheDocument();
    const refNo = screen.getByRole('textbox', { name: 'Bill number' });
    expect(refNo).toHaveValue('BILL-0042');
    expect(screen.getByRole('textbox', { name: 'Memo' })).toHaveValue('Beans');
    expect(screen.queryByRole('button', { name: 'Save as draft' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Total $300.00')).toBeInTheDocument());
    const price = screen.getByDisplayValue('150.00');
    await user.clear(price);
    await user.type(price, '225');
    await waitFor(() => expect(screen.getByLabelText('Total $450.00')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: `Bill page at ${BILL_PAGE}` })).toBeInTheDocument();
    expect(await screen.findByText(BILL_UPDATED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(`POST ${API}/bills`)).toHaveLength(0);
    expect(api.bodiesOf(`PATCH ${API}/bills/${TEST_BILL_ID}`)).toEqual([
      expect.objectContaining({
        vendorId: VENDOR_ID,
        refNo: 'BILL-0042',
        billDate: '2026-11-02',
        memo: 'Beans',
        lines: [
          {
            itemId: null,
            chartAccountId: ACCOUNT_ID,
            description: 'Roast',
            quantity: '2',
            unitPrice: '225',
          },
        ],
      }),
    ]);
  });

  it('shows the server’s refusal when money was scheduled meanwhile', async () => {
    const user = userEvent.setup();
    mockBusinessApi(undefined, {
      ...pickers,
      [`GET ${API}/bills/${TEST_BILL_ID}`]: ok(UNPAID),
      [`PATCH ${API}/bills/${TEST_BILL_ID}`]: fail(409, BILL_MESSAGES.notEditable),
    });
    renderRoutes(routes, EDIT);
    await screen.findByRole('heading', { name: 'Edit bill BILL-0042' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BILL_MESSAGES.notEditable)).toBeInTheDocument();
  });

  it('does not offer the form for a bill with payments, nor to a member who may not manage bills', async () => {
    mockBusinessApi(undefined, { ...pickers, [`GET ${API}/bills/${TEST_BILL_ID}`]: ok(makeTestBill()) });
    const first = renderRoutes(routes, EDIT);
    expect(await screen.findByText(BILL_MESSAGES.notEditable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the bill' })).toHaveAttribute('href', BILL_PAGE);
    first.unmount();

    mockBusinessApi(makeTestBusiness({ role: 'Viewer', permissions: ['PAY_DUE_BILLS.view'] }), {
      ...pickers,
      [`GET ${API}/bills/${TEST_BILL_ID}`]: ok(UNPAID),
    });
    renderRoutes(routes, EDIT);
    expect(await screen.findByText('You don’t have access based on your assigned role.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
