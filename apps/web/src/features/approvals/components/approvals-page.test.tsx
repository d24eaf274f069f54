import { APPROVAL_MESSAGES, type ApprovalOverview } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { headersOf, type MockHandler, ok, queriesOf } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  API,
  APPROVED_API,
  BULK_API,
  BUSINESS_ID,
  makeApprovalItem,
  OVERVIEW,
  OVERVIEW_API,
  UNAPPROVED_API,
} from '../testing/approvals';
import { APPROVALS_EMPTY, APPROVALS_TEXT, ApprovalsPage } from './approvals-page';

const PAGE = `/b/${BUSINESS_ID}/bills/approvals`;
const routes: RouteObject[] = [
  { path: '/b/:businessId/bills/approvals', element: <ApprovalsPage /> },
  { path: '/b/:businessId/bills/payment/:paymentId/detail', element: <Where name="Payment detail" /> },
  { path: '/b/:businessId/settings/approval-policies/create', element: <Where name="Policy editor" /> },
];

const id = (n: number) => `ffffffffffffffffffffff${String(n).padStart(2, '0')}`;

/** Three payments awaiting the member: two they may approve now, one only with bypass. */
const AWAITING = [
  makeApprovalItem({ id: id(1) }),
  makeApprovalItem(
    {
      id: id(2),
      amount: 2000,
      vendor: { id: 'vendor-2', name: 'Harbor Supplies', email: 'ap@harbor.test' },
      bill: { ...makeApprovalItem().bill, id: 'bill-2', refNo: 'BILL-0002' },
    },
    {
      currentStage: 2,
      awaiting: ['Katherine Johnson'],
      viewer: { state: 'FINAL_APPROVAL', isFinal: true, stageOrder: 2, message: null },
    },
  ),
  makeApprovalItem(
    {
      id: id(3),
      vendor: { id: 'vendor-3', name: 'Roast Co', email: 'ap@roast.test' },
      bill: { ...makeApprovalItem().bill, id: 'bill-3', refNo: 'BILL-0003' },
    },
    { viewer: { state: 'BYPASS_ALLOWED', isFinal: false, stageOrder: 2, message: null } },
  ),
];

const page = (items: unknown[], total = items.length) => ok({ items, total, pageNumber: 1, pageSize: 10 });

const setup = (handlers: Record<string, MockHandler> = {}, business = makeTestBusiness()) =>
  mockBusinessApi(business, {
    [`GET ${OVERVIEW_API}`]: ok(OVERVIEW),
    [`GET ${UNAPPROVED_API}`]: page(AWAITING),
    [`GET ${APPROVED_API}`]: page([]),
    // 'Away from work?' (approval-delegation-card.test.tsx): no delegation.
    [`GET ${API}/approval-delegation`]: ok(null),
    ...handlers,
  });

const table = () => screen.findByRole('table', { name: 'Awaiting your approval' });

describe('Approvals tab', () => {
  it('shows the counts and the payments awaiting the member, newest first; a row opens the payment', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderRoutes(routes, PAGE);
    expect(
      await screen.findByRole('button', { name: 'Awaiting your approval: $3,250.50, 3 payments' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Awaiting others: $1,200.00, 1 payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approved: $9,800.00, 7 payments' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rejected: $450.00, 2 payments' })).toBeInTheDocument();

    const rows = within(await table()).getAllByRole('row');
    const first = rows[1] as HTMLElement;
    for (const text of [
      'Blue Bottle Supply',
      'BILL-0001',
      '$1,250.50',
      'Nov 10, 2026',
      'Payments over $1,000',
      '1 of 2',
      'Grace Hopper, Alan Turing',
      'Ada Lovelace',
      'Nov 05, 2026 14:05',
    ]) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    const query = queriesOf(api, UNAPPROVED_API)[0];
    expect(Object.fromEntries(query ?? [])).toEqual({
      pageNumber: '1',
      pageSize: '10',
      sortBy: 'submittedAt',
      sortOrder: 'desc',
      awaitingApprovalFromOthers: 'false',
    });

    await user.click(screen.getByRole('row', { name: 'Open payment to Harbor Supplies for bill BILL-0002' }));
    expect(
      await screen.findByRole('heading', {
        name: `Payment detail at /b/${BUSINESS_ID}/bills/payment/${id(2)}/detail`,
      }),
    ).toBeInTheDocument();
  });

  it('switches between the four views, by the segmented control or a card', async () => {
    const user = userEvent.setup();
    const decided = makeApprovalItem(
      { id: id(9), status: 'SCHEDULED' },
      { status: 'APPROVED', currentStage: null, decidedAt: '2026-11-06T10:00:00', awaiting: [] },
    );
    const api = setup({ [`GET ${APPROVED_API}`]: page([decided]) });
    renderRoutes(routes, PAGE);
    await table();

    await user.click(screen.getByRole('radio', { name: 'Awaiting others' }));
    await waitFor(() =>
      expect(queriesOf(api, UNAPPROVED_API).at(-1)?.get('awaitingApprovalFromOthers')).toBe('true'),
    );
    expect(await screen.findByRole('table', { name: 'Awaiting others' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Approved' }));
    const approved = await screen.findByRole('table', { name: 'Approved' });
    expect(queriesOf(api, APPROVED_API).at(-1)?.get('status')).toBe('APPROVED');
    expect(within(approved).getByRole('columnheader', { name: 'Decision' })).toBeInTheDocument();
    expect(within(approved).queryByRole('columnheader', { name: 'Awaiting' })).not.toBeInTheDocument();
    expect(within(approved).getByText('Nov 06, 2026 10:00')).toBeInTheDocument();
    // Decided payments cannot be approved again: no boxes.
    expect(within(approved).queryByRole('checkbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Rejected:/ }));
    await waitFor(() => expect(queriesOf(api, APPROVED_API).at(-1)?.get('status')).toBe('REJECTED'));
    expect(screen.getByRole('button', { name: /^Rejected:/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('radio', { name: 'Rejected' })).toBeChecked();
  });

  it('approves the selected payments the member may approve, after a confirm with the count and total', async () => {
    const user = userEvent.setup();
    const api = setup({
      [`POST ${BULK_API}`]: ok({
        results: [
          { paymentId: id(1), ok: true, outcome: 'STAGE_APPROVED' },
          {
            paymentId: id(2),
            ok: false,
            error: {
              errorCode: 'APPROVAL_ALREADY_ACTED',
              message: 'You have already approved this payment.',
            },
          },
        ],
      }),
    });
    renderRoutes(routes, PAGE);
    const grid = await table();
    expect(
      within(grid).getByRole('checkbox', { name: 'Select payment to Roast Co for bill BILL-0003' }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Approve selected/ })).not.toBeInTheDocument();
    await user.click(
      within(grid).getByRole('checkbox', { name: 'Select all payments you can approve on this page' }),
    );
    expect(
      within(grid).getByRole('checkbox', { name: 'Select payment to Blue Bottle Supply for bill BILL-0001' }),
    ).toBeChecked();
    expect(
      within(grid).getByRole('checkbox', { name: 'Select payment to Roast Co for bill BILL-0003' }),
    ).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve selected payments' });
    expect(within(dialog).getByText('Approve 2 payments totalling $3,250.50?')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    await user.type(within(dialog).getByRole('textbox', { name: /Remarks/ }), 'Month-end run');
    const before = queriesOf(api, UNAPPROVED_API).length;
    await user.click(within(dialog).getByRole('button', { name: 'Approve 2 payments' }));

    expect(await screen.findByText(APPROVAL_MESSAGES.bulkApproved(1, 2))).toBeInTheDocument();
    expect(
      screen.getByText('Harbor Supplies (BILL-0002): You have already approved this payment.'),
    ).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${BULK_API}`)).toEqual([
      { paymentIds: [id(1), id(2)], remarks: 'Month-end run' },
    ]);
    expect(headersOf(api, BULK_API)[0]?.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The lists and the counts are read again; the selection is cleared.
    await waitFor(() => expect(queriesOf(api, UNAPPROVED_API).length).toBeGreaterThan(before));
    expect(api.callsTo(`GET ${OVERVIEW_API}`).length).toBeGreaterThan(1);
    expect(screen.queryByRole('button', { name: /Approve selected/ })).not.toBeInTheDocument();
  });

  it('offers no boxes to a member who may only view approvals', async () => {
    setup({}, makeTestBusiness({ role: 'Viewer', permissions: ['PAY_APPROVE_AND_PAY_BILLS.view'] }));
    renderRoutes(routes, PAGE);
    expect(within(await table()).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('searches by vendor, sorts and pages on the server', async () => {
    const user = userEvent.setup();
    const api = setup({ [`GET ${UNAPPROVED_API}`]: page(AWAITING, 25) });
    renderRoutes(routes, PAGE);
    await table();
    expect(screen.getByText('1-10 of 25')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search by vendor' }), 'harbor');
    await waitFor(() => expect(queriesOf(api, UNAPPROVED_API).at(-1)?.get('vendorName')).toBe('harbor'));
    await user.click(screen.getByRole('button', { name: 'Sort by amount' }));
    await waitFor(() => expect(queriesOf(api, UNAPPROVED_API).at(-1)?.get('sortBy')).toBe('amount'));
    expect(queriesOf(api, UNAPPROVED_API).at(-1)?.get('sortOrder')).toBe('desc');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queriesOf(api, UNAPPROVED_API).at(-1)?.get('pageNumber')).toBe('2'));
  });

  it('says so when a view is empty', async () => {
    setup({ [`GET ${UNAPPROVED_API}`]: page([]) });
    renderRoutes(routes, PAGE);
    expect(await screen.findByText(APPROVALS_EMPTY['awaiting-you'])).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: APPROVALS_TEXT.createWorkflow })).not.toBeInTheDocument();
  });

  it('links to create an approval workflow when no payment ever needed approval (for who may manage them)', async () => {
    const user = userEvent.setup();
    const none: ApprovalOverview = {
      awaitingYourApproval: { amount: 0, total: 0 },
      awaitingOthers: { amount: 0, total: 0 },
      approved: { amount: 0, total: 0 },
      rejected: { amount: 0, total: 0 },
    };
    setup({ [`GET ${OVERVIEW_API}`]: ok(none), [`GET ${UNAPPROVED_API}`]: page([]) });
    const { unmount } = renderRoutes(routes, PAGE);
    expect(await screen.findByText(APPROVALS_TEXT.noApprovalsYet)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: APPROVALS_TEXT.createWorkflow }));
    expect(
      await screen.findByRole('heading', {
        name: `Policy editor at /b/${BUSINESS_ID}/settings/approval-policies/create`,
      }),
    ).toBeInTheDocument();
    unmount();

    setup(
      { [`GET ${OVERVIEW_API}`]: ok(none), [`GET ${UNAPPROVED_API}`]: page([]) },
      makeTestBusiness({ role: 'Approver', permissions: ['PAY_APPROVE_AND_PAY_BILLS.manage'] }),
    );
    renderRoutes(routes, PAGE);
    expect(await screen.findByText(APPROVALS_TEXT.noApprovalsYet)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: APPROVALS_TEXT.createWorkflow })).not.toBeInTheDocument();
  });
});

describe('Approvals tour (spec 002 §2 guided tours)', () => {
  const TOURS = { home: true, 'bill-payments': true, approvals: false, invoices: false };
  const tourStatus = (approvals: boolean) => ({
    'GET /user/tour-status': ok({ ...TOURS, approvals }),
    'POST /user/tour-status': ok({ ...TOURS, approvals: true }),
  });
  const TITLES = [
    'Your approvals at a glance',
    'Switch views',
    'Open a payment',
    'Approve several at once',
    'Away from work?',
  ];

  it('starts once the counts and the list have loaded, walks through the page and saves when done', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const listed = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = setup({
      ...tourStatus(false),
      [`GET ${UNAPPROVED_API}`]: async () => {
        await listed;
        return page(AWAITING);
      },
    });
    renderRoutes(routes, PAGE);
    await screen.findByRole('button', { name: /^Awaiting your approval: / });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('GET /user/tour-status')).toHaveLength(0);

    release();
    for (const [index, title] of TITLES.entries()) {
      const step = await screen.findByRole('dialog', { name: title });
      expect(within(step).getByText(`${index + 1} of ${TITLES.length}`)).toBeInTheDocument();
      expect(api.callsTo('POST /user/tour-status')).toHaveLength(0);
      await user.click(
        within(step).getByRole('button', { name: index === TITLES.length - 1 ? 'Done' : 'Next' }),
      );
    }
    await waitFor(() =>
      expect(api.bodiesOf('POST /user/tour-status')).toEqual([{ tour: 'approvals', completed: true }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('points each step at its part of the page', async () => {
    const user = userEvent.setup();
    setup(tourStatus(false));
    renderRoutes(routes, PAGE);
    const targets = [
      () => screen.getByRole('button', { name: /^Awaiting your approval: / }).closest('[data-tour]'),
      () => screen.getByRole('radiogroup', { name: 'Approval views' }),
      () => screen.getByRole('table', { name: 'Awaiting your approval' }).closest('[data-tour]'),
      () => screen.getByRole('checkbox', { name: 'Select all payments you can approve on this page' }),
      () => screen.getByRole('region', { name: 'Away from work?' }),
    ];
    for (const [index, title] of TITLES.entries()) {
      const step = await screen.findByRole('dialog', { name: title });
      // The step's own element is highlighted (jsdom keeps the earlier ones' class too: no transitions).
      const element = targets[index]?.();
      // The highlight follows the step's dialog; on a loaded machine that can take over a second.
      await waitFor(() => expect(element).toHaveClass('driver-active-element'), { timeout: 5_000 });
      expect(element).toHaveAttribute('data-tour');
      await user.click(
        within(step).getByRole('button', { name: index === TITLES.length - 1 ? 'Done' : 'Next' }),
      );
    }
  });

  it('skips approving and delegating for a member who may only view approvals, and saves when closed', async () => {
    const user = userEvent.setup();
    const api = setup(
      tourStatus(false),
      makeTestBusiness({ role: 'Viewer', permissions: ['PAY_APPROVE_AND_PAY_BILLS.view'] }),
    );
    renderRoutes(routes, PAGE);
    const step = await screen.findByRole('dialog', { name: 'Your approvals at a glance' });
    expect(within(step).getByText('1 of 3')).toBeInTheDocument();
    await user.click(within(step).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(api.bodiesOf('POST /user/tour-status')).toEqual([{ tour: 'approvals', completed: true }]),
    );
    expect(screen.queryByRole('dialog', { name: 'Your approvals at a glance' })).not.toBeInTheDocument();
  });

  it('is not shown again once completed', async () => {
    const api = setup(tourStatus(true));
    renderRoutes(routes, PAGE);
    await table();
    await waitFor(() => expect(api.callsTo('GET /user/tour-status')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
