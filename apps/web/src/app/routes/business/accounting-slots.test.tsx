import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONNECTION_API, makeConnection } from '@/features/accounting/testing/accounting';
import { makeTestBusiness, mockBusinessApi, TEST_BUSINESS_ID } from '@/testing/businesses';
import { ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { Component as BillsCreate } from './bills-create';
import { Component as BillsLayout } from './bills-layout';
import { Component as InvoicesCreate } from './invoices-create';
import { Component as InvoicesLayout } from './invoices-layout';

// The routes put the accounting sync button in the bills, invoices and create pages' headers, and the
// 'Connect Now' banner on the bills list (issue 21).

const routes = [
  {
    path: '/b/:businessId/bills',
    element: <BillsLayout />,
    children: [{ path: 'due', element: <p>Bills tab</p> }],
  },
  { path: '/b/:businessId/bills/create', element: <BillsCreate /> },
  {
    path: '/b/:businessId/invoices',
    element: <InvoicesLayout />,
    children: [{ index: true, element: <p>Invoices tab</p> }],
  },
  { path: '/b/:businessId/invoices/create', element: <InvoicesCreate /> },
];

const API = `/business/${TEST_BUSINESS_ID}`;
const EMPTY_PAGE = ok({ items: [], total: 0, pageNumber: 1, pageSize: 1000 });

/** The create form's pickers, empty (the header is what is looked at). */
const FORM_LOADS = {
  [`GET ${API}/accounting/contacts/bill-vendors`]: EMPTY_PAGE,
  [`GET ${API}/accounting/contacts/invoice-customers`]: EMPTY_PAGE,
  [`GET ${API}/accounting/items`]: EMPTY_PAGE,
  [`GET ${API}/accounting/accounts`]: EMPTY_PAGE,
  [`GET ${API}/bills/next-reference-number`]: ok({ refNo: 'BILL-0007' }),
  [`GET ${API}/accounting/invoices/next-reference-number`]: ok({ refNo: 'INV-8' }),
  [`GET ${API}/accounting/invoices/draft`]: EMPTY_PAGE,
};

const connected = () =>
  mockBusinessApi(makeTestBusiness(), { [`GET ${CONNECTION_API}`]: ok(makeConnection()), ...FORM_LOADS });

describe('accounting in the bills and invoices pages', () => {
  it.each([
    ['bills list', `/b/${TEST_BUSINESS_ID}/bills/due`, 'Bills'],
    ['create bill', `/b/${TEST_BUSINESS_ID}/bills/create`, 'Create bill'],
    ['invoices list', `/b/${TEST_BUSINESS_ID}/invoices`, 'Invoices'],
    ['create invoice', `/b/${TEST_BUSINESS_ID}/invoices/create`, 'Create invoice'],
  ])('the %s header has the sync button', async (_name, path, title) => {
    connected();
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Last Synced .* ago$/ })).toBeInTheDocument();
  });

  it("shows the bills list 'Connect Now' while accounting is not connected, and no sync button", async () => {
    mockBusinessApi(makeTestBusiness(), { [`GET ${CONNECTION_API}`]: ok(null) });
    renderRoutes(routes, `/b/${TEST_BUSINESS_ID}/bills/due`);
    const banner = await screen.findByRole('alert', { name: 'Accounting software not connected' });
    expect(within(banner).getByRole('link', { name: 'Connect Now' })).toHaveAttribute(
      'href',
      `/b/${TEST_BUSINESS_ID}/settings/integration`,
    );
    expect(screen.queryByRole('button', { name: /Last Synced|Syncing|Reconnect/ })).not.toBeInTheDocument();
  });
});
