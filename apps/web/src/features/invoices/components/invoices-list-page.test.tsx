import { PAYMENT_REQUEST_MESSAGES } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { ok, pageReply, queriesOf } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { API, BUSINESS_ID, INVOICE_ID, makeInvoice, REQUEST_ID, SUMMARY } from '../testing/invoices';
import { InvoicesArea } from './invoices-area';
import { InvoicesListPage, NO_INVOICES, NO_MATCHING_INVOICES } from './invoices-list-page';

const routes: RouteObject[] = [
  {
    path: '/b/:businessId/invoices',
    element: (
      <InvoicesArea>
        <Outlet />
      </InvoicesArea>
    ),
    children: [{ index: true, element: <InvoicesListPage /> }],
  },
  { path: '/b/:businessId/invoices/create', element: <Where name="Create invoice" /> },
  { path: '/b/:businessId/invoices/:invoiceId/detail', element: <Where name="Invoice detail" /> },
];
const LIST = `/b/${BUSINESS_ID}/invoices`;
const LIST_API = `${API}/invoices`;
const SUMMARY_API = `${API}/invoices/summary`;
const NO_TOUR = { 'GET /user/tour-status': ok({ invoices: true }) };

describe('Invoices tab', () => {
  it('shows the summary cards, the count badge and the open invoices with dates, money and the receiving-side status', async () => {
    const api = mockBusinessApi(undefined, {
      ...NO_TOUR,
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${LIST_API}`]: pageReply([makeInvoice()]),
    });
    renderRoutes(routes, LIST);
    const row = (await screen.findByText('INV-7')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Sunrise Bakery')).toBeInTheDocument();
    expect(within(row).getByText('Nov 2, 2026')).toBeInTheDocument();
    expect(within(row).getByText('Nov 9, 2026')).toBeInTheDocument();
    expect(within(row).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(row).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(row).getByText('Partial Paid')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Total outstanding: $4,200.00, 3 invoices' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('3 open invoices')).toHaveTextContent('3');
    expect(screen.getByRole('tab', { name: /Invoices/ })).toHaveAttribute('aria-selected', 'true');
    expect(Object.fromEntries(queriesOf(api, LIST_API)[0] ?? [])).toEqual({
      pageNumber: '1',
      pageSize: '10',
      sortBy: 'INVOICE_DATE',
      sortOrder: 'desc',
    });
    expect(screen.getAllByRole('link', { name: 'Create invoice' })[0]).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/invoices/create`,
    );
  });

  it('filters by a summary card, sorts, searches and filters by status', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      ...NO_TOUR,
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${LIST_API}`]: pageReply([makeInvoice()]),
    });
    renderRoutes(routes, LIST);
    await user.click(await screen.findByRole('button', { name: /^Overdue: / }));
    await waitFor(() => expect(queriesOf(api, LIST_API).at(-1)?.get('invoiceSummaryType')).toBe('OVERDUE'));
    await user.click(screen.getByRole('button', { name: 'Sort by due date' }));
    await waitFor(() => expect(queriesOf(api, LIST_API).at(-1)?.get('sortBy')).toBe('DUE_DATE'));
    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'INV-7');
    await waitFor(() => expect(queriesOf(api, LIST_API).at(-1)?.get('searchTerm')).toBe('INV-7'));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Paid' }));
    await user.click(screen.getByRole('radio', { name: 'Overdue' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const query = queriesOf(api, LIST_API).at(-1);
      expect(query?.get('status')).toBe('paid');
      expect(query?.get('dateRange')).toBe('OVERDUE');
      expect(query?.get('pageNumber')).toBe('1');
    });
  });

  it('says when nothing is open, offers to create one, and a filtered empty list says so', async () => {
    mockBusinessApi(undefined, {
      ...NO_TOUR,
      [`GET ${SUMMARY_API}`]: ok({ ...SUMMARY, totalOutstanding: { amount: 0, total: 0 } }),
      [`GET ${LIST_API}`]: pageReply([]),
    });
    renderRoutes(routes, `${LIST}?summary=OVERDUE`);
    expect(await screen.findByText(NO_MATCHING_INVOICES)).toBeInTheDocument();
    expect(screen.queryByLabelText(/open invoices/)).not.toBeInTheDocument();
  });

  it('offers Create invoice from the empty list', async () => {
    mockBusinessApi(undefined, {
      ...NO_TOUR,
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${LIST_API}`]: pageReply([]),
    });
    renderRoutes(routes, LIST);
    expect(await screen.findByText(NO_INVOICES)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create invoice' })).toHaveLength(2);
  });

  it('sends a payment request (a customer not on Ferry is told it pays from the emailed link), then reminds and cancels it', async () => {
    const user = userEvent.setup();
    const unpaid = { status: 'unpaid' as const, balance: 1250.5 };
    const offNetwork = makeInvoice({
      ...unpaid,
      id: 'eeeeeeeeeeeeeeeeeeeeee08',
      refNo: 'INV-8',
      contact: { id: 'x', name: 'Corner Deli', email: 'a@b.test', onNetwork: false },
      customerName: 'Corner Deli',
    });
    const requested = makeInvoice({
      id: 'eeeeeeeeeeeeeeeeeeeeee09',
      refNo: 'INV-9',
      status: 'requested',
      balance: 1250.5,
      paymentRequest: {
        id: REQUEST_ID,
        state: 'CREATED',
        sentAt: '2026-11-03T10:00:00Z',
        lastReminderAt: null,
      },
    });
    const api = mockBusinessApi(undefined, {
      ...NO_TOUR,
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${LIST_API}`]: pageReply([makeInvoice(unpaid), offNetwork, requested]),
      [`POST ${API}/payment-requests`]: ok({ id: REQUEST_ID }),
      [`POST ${API}/payment-requests/send-reminder`]: ok({ id: REQUEST_ID }),
      [`PATCH ${API}/payment-requests/${REQUEST_ID}`]: ok({ id: REQUEST_ID }),
    });
    renderRoutes(routes, LIST);
    // A customer not on Ferry can be sent the request too: it pays from the emailed guest link.
    const guest = await screen.findByRole('button', { name: 'Send payment request for invoice INV-8' });
    expect(guest).not.toHaveAttribute('aria-disabled');
    await user.hover(guest);
    expect(await screen.findByText(PAYMENT_REQUEST_MESSAGES.customerNotOnFerry)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send payment request for invoice INV-7' }));
    await waitFor(() =>
      expect(api.bodiesOf(`POST ${API}/payment-requests`)).toEqual([{ invoiceDetails: { id: INVOICE_ID } }]),
    );
    expect(await screen.findByText(PAYMENT_REQUEST_MESSAGES.requestSent)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send reminder for invoice INV-9' }));
    await waitFor(() =>
      expect(api.bodiesOf(`POST ${API}/payment-requests/send-reminder`)).toEqual([
        { paymentRequestId: REQUEST_ID },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel request for invoice INV-9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel payment request' });
    await user.type(within(dialog).getByRole('textbox', { name: /Remarks/ }), 'Paid by cheque');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() =>
      expect(api.bodiesOf(`PATCH ${API}/payment-requests/${REQUEST_ID}`)).toEqual([
        { status: 'CANCELLED', remarks: 'Paid by cheque' },
      ]),
    );
    // The row opens the invoice.
    await user.click(screen.getByRole('link', { name: 'View invoice INV-7' }));
    expect(
      await screen.findByRole('heading', {
        name: `Invoice detail at /b/${BUSINESS_ID}/invoices/${INVOICE_ID}/detail`,
      }),
    ).toBeInTheDocument();
  });

  it('tells a member without read on due invoices that the tab is not theirs, with no list call', async () => {
    const api = mockBusinessApi(makeTestBusiness({ permissions: ['PAY_FULL_ACCESS.manage'] }), NO_TOUR);
    renderRoutes(routes, LIST);
    expect(await screen.findByText(/You don’t have access/)).toBeInTheDocument();
    expect(api.callsTo(`GET ${LIST_API}`)).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Create invoice' })).not.toBeInTheDocument();
  });
});
