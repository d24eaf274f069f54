import { BILL_MESSAGES } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockBusinessApi } from '@/testing/businesses';
import { makeTestVendor } from '@/testing/contacts';
import { ok } from '@/testing/mock-api';
import { chooseOption } from '@/testing/select';
import { renderRoutes, Where } from '@/testing/test-utils';
import { ACCOUNT_ID, API, BUSINESS_ID, ITEM_ID, makeBill, VENDOR_ID } from '../testing/bills';
import { BILL_SAVED_MESSAGE, CreateBillPage, DRAFT_SAVED_MESSAGE } from './create-bill-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/bills/create', element: <CreateBillPage /> },
  { path: '/b/:businessId/bills/due', element: <Where name="Bills" /> },
];
const CREATE = `/b/${BUSINESS_ID}/bills/create`;

const pickers = {
  [`GET ${API}/accounting/contacts/bill-vendors`]: ok({
    items: [makeTestVendor({ id: VENDOR_ID })],
    total: 1,
    pageNumber: 1,
    pageSize: 100,
  }),
  [`GET ${API}/accounting/items`]: ok({
    items: [
      {
        id: ITEM_ID,
        name: 'Office supplies',
        description: null,
        chartAccountId: ACCOUNT_ID,
        chartAccountName: 'Office expenses',
        isSold: false,
        isPurchased: true,
        source: 'FERRY',
      },
    ],
    total: 1,
    pageNumber: 1,
    pageSize: 1000,
  }),
  [`GET ${API}/accounting/accounts`]: ok({
    items: [
      { id: ACCOUNT_ID, name: 'Office expenses', accountType: 'EXPENSE', number: null, source: 'FERRY' },
    ],
    total: 1,
    pageNumber: 1,
    pageSize: 1000,
  }),
  [`GET ${API}/bills/next-reference-number`]: ok({ refNo: 'BILL-0007' }),
};

describe('Create bill', () => {
  it('prefills the bill number and shows the schema messages on save', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, pickers);
    renderRoutes(routes, CREATE);
    const refNo = await screen.findByRole('textbox', { name: 'Bill number' });
    await waitFor(() => expect(refNo).toHaveValue('BILL-0007'));
    await user.clear(refNo);
    await user.type(refNo, 'BILL#1');
    await user.click(screen.getByRole('button', { name: 'Save bill' }));
    expect(await screen.findByText(BILL_MESSAGES.vendorRequired)).toBeInTheDocument();
    expect(screen.getByText(BILL_MESSAGES.referenceInvalid)).toBeInTheDocument();
    expect(screen.getByText(BILL_MESSAGES.lineTarget)).toBeInTheDocument();
    expect(api.callsTo(`POST ${API}/bills`)).toHaveLength(0);
  });

  it('computes the totals and posts the bill once with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      ...pickers,
      [`POST ${API}/bills`]: ok({
        ...makeBill({ refNo: 'BILL-0007', amount: 33.02, balance: 33.02, status: 'unpaid' }),
        lines: [],
        subtotal: 35.02,
        discount: { type: 'PERCENT', value: 10, amount: 3.5 },
        taxAmount: 1.5,
        memo: null,
        attachments: [],
        pdfUrl: '/x',
        updatedAt: '2026-11-02T10:00:00.000Z',
      }),
    });
    renderRoutes(routes, CREATE);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Bill number' })).toHaveValue('BILL-0007'),
    );
    await chooseOption(user, 'Vendor', 'Blue Bottle Supply');
    await chooseOption(user, 'Line 1 item or account', 'Office supplies');
    const quantity = screen.getByRole('textbox', { name: 'Line 1 quantity' });
    await user.clear(quantity);
    await user.type(quantity, '1.5');
    await user.type(screen.getByRole('textbox', { name: 'Line 1 unit price' }), '10.01');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await chooseOption(user, 'Line 2 item or account', 'Office expenses');
    await user.type(screen.getByRole('textbox', { name: 'Line 2 unit price' }), '20');
    await user.click(screen.getByRole('radio', { name: '%' }));
    await user.type(screen.getByRole('textbox', { name: 'Discount' }), '10');
    await user.type(screen.getByRole('textbox', { name: 'Tax' }), '1.5');
    // 1.5 × 10.01 = 15.015 → 15.02 (half up); subtotal 35.02; 10% → 3.50; + 1.50 tax = 33.02.
    expect(screen.getByLabelText('Subtotal $35.02')).toBeInTheDocument();
    expect(screen.getByLabelText('Discount -$3.50')).toBeInTheDocument();
    expect(screen.getByLabelText('Total $33.02')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save bill' }));
    await waitFor(() => expect(api.callsTo(`POST ${API}/bills`)).toHaveLength(1));
    expect(api.bodiesOf(`POST ${API}/bills`)[0]).toMatchObject({
      vendorId: VENDOR_ID,
      refNo: 'BILL-0007',
      paymentTerm: 'NET_7',
      lines: [
        { itemId: ITEM_ID, chartAccountId: null, quantity: '1.5', unitPrice: '10.01' },
        { itemId: null, chartAccountId: ACCOUNT_ID, quantity: '1', unitPrice: '20' },
      ],
      discount: { type: 'PERCENT', value: '10' },
      taxAmount: '1.5',
      draftId: null,
    });
    const post = api.fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/bills') && init?.method === 'POST',
    );
    const headers = new Headers(post?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toMatch(/.{8,}/);
    expect(await screen.findByText(BILL_SAVED_MESSAGE)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: `Bills at /b/${BUSINESS_ID}/bills/due` }),
    ).toBeInTheDocument();
  });

  it('saves a draft, then updates it, and asks before leaving with changes', async () => {
    const user = userEvent.setup();
    const draft = (payload: unknown) =>
      ok({ id: 'ffffffffffffffffffffff01', payload, createdBy: null, createdAt: 'x', updatedAt: 'x' });
    const api = mockBusinessApi(undefined, {
      ...pickers,
      [`POST ${API}/bills/draft`]: (call) => draft(call.body),
      [`PATCH ${API}/bills/draft/ffffffffffffffffffffff01`]: (call) => draft(call.body),
    });
    renderRoutes(routes, CREATE);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Bill number' })).toHaveValue('BILL-0007'),
    );
    await user.type(screen.getByRole('textbox', { name: 'Memo' }), 'October beans');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText(DRAFT_SAVED_MESSAGE)).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${API}/bills/draft`)[0]).toMatchObject({
      refNo: 'BILL-0007',
      memo: 'October beans',
    });
    await user.type(screen.getByRole('textbox', { name: 'Memo' }), '!');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Save your changes?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save your changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    await waitFor(() =>
      expect(api.bodiesOf(`PATCH ${API}/bills/draft/ffffffffffffffffffffff01`)[0]).toMatchObject({
        memo: 'October beans!',
      }),
    );
    expect(
      await screen.findByRole('heading', { name: `Bills at /b/${BUSINESS_ID}/bills/due` }),
    ).toBeInTheDocument();
  });
});
