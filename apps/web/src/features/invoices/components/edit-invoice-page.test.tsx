import { INVOICE_MESSAGES } from '@ferry/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockBusinessApi } from '@/testing/businesses';
import { makeTestVendor } from '@/testing/contacts';
import { ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { ACCOUNT_ID, API, BUSINESS_ID, CUSTOMER_ID, INVOICE_ID, makeInvoiceView } from '../testing/invoices';
import { EditInvoicePage } from './edit-invoice-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/invoices/:invoiceId/edit', element: <EditInvoicePage /> },
  { path: '/b/:businessId/invoices/:invoiceId/detail', element: <Where name="Invoice" /> },
];
const EDIT = `/b/${BUSINESS_ID}/invoices/${INVOICE_ID}/edit`;
const empty = ok({ items: [], total: 0, pageNumber: 1, pageSize: 1000 });
const UNPAID = makeInvoiceView({
  status: 'unpaid',
  balance: 1250.5,
  payments: [],
  lines: [
    {
      id: 'l1',
      itemId: null,
      chartAccountId: ACCOUNT_ID,
      name: 'Sales',
      itemName: null,
      coaName: 'Sales',
      description: 'Roasting',
      quantity: 1,
      unitPrice: 1250.5,
      amount: 1250.5,
    },
  ],
});

const pickers = {
  [`GET ${API}/accounting/contacts/invoice-customers`]: ok({
    items: [makeTestVendor({ id: CUSTOMER_ID, type: 'CUSTOMER', name: 'Sunrise Bakery' })],
    total: 1,
    pageNumber: 1,
    pageSize: 100,
  }),
  [`GET ${API}/accounting/items`]: empty,
  [`GET ${API}/accounting/accounts`]: ok({
    items: [{ id: ACCOUNT_ID, name: 'Sales', accountType: 'INCOME', number: null, source: 'FERRY' }],
    total: 1,
    pageNumber: 1,
    pageSize: 1000,
  }),
  [`GET ${API}/accounting/invoices/next-reference-number`]: ok({ refNo: 'INV-9' }),
};

describe('Edit invoice', () => {
  it('opens the unpaid invoice prefilled and saves it with PATCH, then goes back to it', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      ...pickers,
      [`GET ${API}/invoices/${INVOICE_ID}`]: ok(UNPAID),
      [`PATCH ${API}/accounting/invoices/${INVOICE_ID}`]: ok(UNPAID),
    });
    renderRoutes(routes, EDIT);
    expect(await screen.findByRole('heading', { name: 'Edit invoice INV-7' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Invoice number' })).toHaveValue('INV-7');
    await user.type(screen.getByRole('textbox', { name: 'Memo' }), 'Net 7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.bodiesOf(`PATCH ${API}/accounting/invoices/${INVOICE_ID}`)[0]).toMatchObject({
        customerId: CUSTOMER_ID,
        invoiceDate: '2026-11-02',
        refNo: 'INV-7',
        memo: 'Net 7',
        lines: [{ chartAccountId: ACCOUNT_ID, unitPrice: '1250.50' }],
      }),
    );
    expect(
      await screen.findByRole('heading', {
        name: `Invoice at /b/${BUSINESS_ID}/invoices/${INVOICE_ID}/detail`,
      }),
    ).toBeInTheDocument();
  });

  it('does not offer the form once something was received', async () => {
    mockBusinessApi(undefined, { ...pickers, [`GET ${API}/invoices/${INVOICE_ID}`]: ok(makeInvoiceView()) });
    renderRoutes(routes, EDIT);
    expect(await screen.findByText(INVOICE_MESSAGES.notEditable)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the invoice' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/invoices/${INVOICE_ID}/detail`,
    );
  });
});
