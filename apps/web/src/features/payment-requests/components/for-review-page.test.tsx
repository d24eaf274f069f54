import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTestBusiness } from '@/testing/businesses';
import { fail, ok, pageReply, queriesOf } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  API,
  BILL_ID,
  BUSINESS_ID,
  EMPTY_SUMMARY,
  LIST_API,
  makeDetail,
  makeRequest,
  mockPaymentRequestsApi,
  REQUEST_ID,
  SUMMARY_API,
  TO_MAP,
} from '../testing/payment-requests';
import { ALL_REVIEWED, ForReviewPage, NEVER_RECEIVED } from './for-review-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/bills/payment-request', element: <ForReviewPage /> },
  {
    path: '/b/:businessId/bills/payment-request/:paymentId/make-payment',
    element: <Where name="Make payment" />,
  },
];
const PAGE = `/b/${BUSINESS_ID}/bills/payment-request`;
const LINK_API = `${API}/payment-requests/${REQUEST_ID}/link-bill`;
const MAP_API = `${API}/payment-requests/${REQUEST_ID}/map-business`;
const TO_MAP_API = `${API}/payment-requests/${REQUEST_ID}/businesses-to-map`;

describe('For Review tab', () => {
  it('shows the summary cards and the requests with sender, invoice, dates, money and status', async () => {
    const api = mockPaymentRequestsApi();
    renderRoutes(routes, PAGE);
    const row = (await screen.findByText('NW-10401')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Northwind Supply Co.')).toBeInTheDocument();
    expect(within(row).getByText('Nov 2, 2026')).toBeInTheDocument();
    expect(within(row).getByText('Nov 16, 2026')).toBeInTheDocument();
    expect(within(row).getAllByText('$513.96')).toHaveLength(2);
    expect(within(row).getByText('Requested')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Total outstanding: $1,513.96, 2 requests' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Overdue: $1,000.00, 1 request' })).toBeInTheDocument();
    expect(Object.fromEntries(queriesOf(api, LIST_API)[0] ?? [])).toEqual({
      pageNumber: '1',
      pageSize: '10',
      sortBy: 'date',
      sortOrder: 'desc',
    });
  });

  it('filters by a summary card and the due-window popover, and sorts by a column', async () => {
    const user = userEvent.setup();
    const api = mockPaymentRequestsApi();
    renderRoutes(routes, PAGE);
    const overdue = await screen.findByRole('button', { name: 'Overdue: $1,000.00, 1 request' });
    await user.click(overdue);
    await waitFor(() => expect(queriesOf(api, LIST_API).at(-1)?.get('billSummaryType')).toBe('OVERDUE'));
    expect(overdue).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('radio', { name: 'Due in the next 3 days' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(queriesOf(api, LIST_API).at(-1)?.get('dateRange')).toBe('NEXT_3_DAYS'));
    expect(screen.getByText('Showing: Due in the next 3 days')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sort by due date' }));
    await waitFor(() => expect(queriesOf(api, LIST_API).at(-1)?.get('sortBy')).toBe('dueDate'));
    await user.click(screen.getByRole('button', { name: 'Sort by due date, descending' }));
    await waitFor(() => expect(queriesOf(api, LIST_API).at(-1)?.get('sortOrder')).toBe('asc'));
  });

  it('Review & pay links the bill and opens its make-payment page with the request', async () => {
    const user = userEvent.setup();
    const api = mockPaymentRequestsApi(undefined, {
      [`POST ${LINK_API}`]: ok({ billId: BILL_ID, paymentRequest: makeDetail({ billId: BILL_ID }) }),
    });
    renderRoutes(routes, PAGE);
    await user.click(
      await screen.findByRole('button', {
        name: 'Review and pay invoice NW-10401 from Northwind Supply Co.',
      }),
    );
    expect(
      await screen.findByRole('heading', {
        name: `Make payment at /b/${BUSINESS_ID}/bills/payment-request/${BILL_ID}/make-payment?paymentRequestId=${REQUEST_ID}`,
      }),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST ${LINK_API}`)).toHaveLength(1);
    const sent = api.fetchMock.mock.calls.find(([input]) => String(input).includes('/link-bill'));
    expect(new Headers(sent?.[1]?.headers).get('Idempotency-Key')).toBe(`link-bill-${REQUEST_ID}`);
  });

  it('maps an unmapped sender to a vendor first, then continues to the bill', async () => {
    const user = userEvent.setup();
    const unmapped = makeRequest({ vendor: null, isMapped: false });
    const api = mockPaymentRequestsApi(undefined, {
      [`GET ${LIST_API}`]: pageReply([unmapped]),
      [`GET ${TO_MAP_API}`]: ok(TO_MAP),
      [`POST ${MAP_API}`]: ok(
        makeDetail({
          vendor: {
            id: TO_MAP.candidates[0]?.id ?? '',
            name: 'Northwind Supplies',
            email: 'ap@northwind.example',
          },
        }),
      ),
      [`POST ${LINK_API}`]: ok({ billId: BILL_ID, paymentRequest: makeDetail({ billId: BILL_ID }) }),
    });
    renderRoutes(routes, PAGE);
    await user.click(
      await screen.findByRole('button', {
        name: 'Review and pay invoice NW-10401 from Northwind Supply Co.',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Map vendor' });
    const newVendor = await within(dialog).findByRole('radio', {
      name: 'Add Northwind Supply Co. as a new vendor',
    });
    expect(newVendor).toBeChecked();
    expect(api.callsTo(`POST ${LINK_API}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('radio', { name: /Northwind Supplies/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: /^Make payment at/ })).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${MAP_API}`)).toEqual([{ contactId: TO_MAP.candidates[0]?.id }]);
    expect(api.callsTo(`POST ${LINK_API}`)).toHaveLength(1);
  });

  it('keeps the dialog open with the server message when mapping fails', async () => {
    const user = userEvent.setup();
    mockPaymentRequestsApi(undefined, {
      [`GET ${LIST_API}`]: pageReply([makeRequest({ vendor: null, isMapped: false })]),
      [`GET ${TO_MAP_API}`]: ok(TO_MAP),
      [`POST ${MAP_API}`]: fail(409, 'A vendor with this email already exists.', { errorCode: 'CONFLICT' }),
    });
    renderRoutes(routes, PAGE);
    await user.click(
      await screen.findByRole('button', {
        name: 'Review and pay invoice NW-10401 from Northwind Supply Co.',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Map vendor' });
    await within(dialog).findByRole('radio', { name: 'Add Northwind Supply Co. as a new vendor' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A vendor with this email already exists.',
    );
  });

  it('shows the server message when linking the bill fails and stays on the tab', async () => {
    const user = userEvent.setup();
    mockPaymentRequestsApi(undefined, {
      [`POST ${LINK_API}`]: fail(409, 'A bill with this number already exists for this vendor.', {
        errorCode: 'CONFLICT',
      }),
    });
    renderRoutes(routes, PAGE);
    await user.click(
      await screen.findByRole('button', {
        name: 'Review and pay invoice NW-10401 from Northwind Supply Co.',
      }),
    );
    expect(
      await screen.findByText('A bill with this number already exists for this vendor.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Make payment at/ })).not.toBeInTheDocument();
  });

  it('hides Review & pay from members who cannot manage payment requests', async () => {
    mockPaymentRequestsApi(
      makeTestBusiness({ role: 'Read-only', permissions: ['PAY_PAYMENT_REQUESTS.view'] }),
    );
    renderRoutes(routes, PAGE);
    expect(await screen.findByText('NW-10401')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Review and pay/ })).not.toBeInTheDocument();
  });

  it('shows the error state with a retry when the list cannot load', async () => {
    const user = userEvent.setup();
    const api = mockPaymentRequestsApi(undefined, {
      [`GET ${LIST_API}`]: fail(500, 'Something went wrong. Please try again later.'),
    });
    renderRoutes(routes, PAGE);
    const retry = await screen.findByRole('button', { name: /try again|retry/i });
    api.handlers[`GET ${LIST_API}`] = pageReply([makeRequest()]);
    await user.click(retry);
    expect(await screen.findByText('NW-10401')).toBeInTheDocument();
  });
});

describe('For Review empty states', () => {
  it('says so when nothing was ever received and lets a sandbox tester send a sample request', async () => {
    const user = userEvent.setup();
    const api = mockPaymentRequestsApi(undefined, {
      [`GET ${SUMMARY_API}`]: ok(EMPTY_SUMMARY),
      [`GET ${LIST_API}`]: pageReply([]),
      'GET /sandbox/payment-requests': ok({ available: true, senderName: 'Northwind Supply Co.' }),
      'POST /sandbox/payment-requests': ok({
        paymentRequestId: REQUEST_ID,
        refNo: 'NW-10401',
        amount: 513.96,
        senderBusinessId: 'bbbbbbbbbbbbbbbbbbbbbb01',
        senderBusinessName: 'Northwind Supply Co.',
      }),
    });
    renderRoutes(routes, PAGE);
    expect(await screen.findByRole('heading', { name: NEVER_RECEIVED })).toBeInTheDocument();
    const send = await screen.findByRole('button', { name: 'Send a sample payment request' });
    api.handlers[`GET ${LIST_API}`] = pageReply([makeRequest()]);
    await user.click(send);
    expect(await screen.findByText('Northwind Supply Co. sent you invoice NW-10401.')).toBeInTheDocument();
    expect(api.bodiesOf('POST /sandbox/payment-requests')).toEqual([{ payerBusinessId: BUSINESS_ID }]);
    // The list refreshes and shows the new request.
    expect(await screen.findByText('NW-10401')).toBeInTheDocument();
  });

  it("says you're all caught up when every request was handled, with no sample button outside the sandbox", async () => {
    mockPaymentRequestsApi(undefined, {
      [`GET ${SUMMARY_API}`]: ok({ ...EMPTY_SUMMARY, totalPaymentRequests: 4 }),
      [`GET ${LIST_API}`]: pageReply([]),
    });
    renderRoutes(routes, PAGE);
    expect(await screen.findByRole('heading', { name: ALL_REVIEWED })).toBeInTheDocument();
    // The sandbox route answers 404 here (no handler): no button.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Send a sample payment request' })).toBeNull(),
    );
  });

  it('offers to clear the filters when nothing matches them', async () => {
    const user = userEvent.setup();
    const api = mockPaymentRequestsApi(undefined, {
      [`GET ${LIST_API}`]: pageReply([]),
    });
    renderRoutes(routes, PAGE);
    await user.click(await screen.findByRole('button', { name: 'Overdue: $1,000.00, 1 request' }));
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queriesOf(api, LIST_API).at(-1)?.get('billSummaryType')).toBeNull());
  });
});
