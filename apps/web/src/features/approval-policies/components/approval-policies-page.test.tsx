import { ACCESS_DENIED_MESSAGE, APPROVAL_MESSAGES, formatDateTime } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { APPROVER_PALETTE } from '@/components/approvers/approver-avatar';
import { fail, ok, queriesOf } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  ACTIVITY_API,
  BIG_BILLS_ID,
  BUSINESS_ID,
  DEFAULT_ID,
  DEFAULT_POLICY,
  deletePolicyApi,
  HARBOR_ID,
  HARBOR_POLICY,
  makePolicy,
  mockPoliciesApi,
  ORDER_API,
  POLICIES_API,
  POLICIES_PAGE,
  SMALL_ID,
  SMALL_POLICY,
  VIEWER_PERMISSIONS,
} from '../testing/approval-policies';
import { ApprovalPoliciesPage, PRIORITY_INFO } from './approval-policies-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/settings/approval-policies', element: <ApprovalPoliciesPage /> },
  { path: '/b/:businessId/settings/approval-policies/create', element: <Where name="Create policy" /> },
  {
    path: '/b/:businessId/settings/approval-policies/:policyId/create',
    element: <Where name="Edit policy" />,
  },
  { path: '/b/:businessId/settings/approval-groups', element: <Where name="Groups" /> },
];

const BIG = makePolicy();
const ALL = [BIG, HARBOR_POLICY, SMALL_POLICY, DEFAULT_POLICY];
const card = (name: string) => screen.getByRole('article', { name });
const cardNames = () =>
  screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);

afterEach(() => {
  notifications.clean();
});

describe('Approval policies list', () => {
  it('shows each policy by priority with its IF and THEN blocks, the Default Policy last', async () => {
    // The answer's order is not trusted: priority decides, the Default Policy last.
    mockPoliciesApi(undefined, {
      [`GET ${POLICIES_API}`]: ok([DEFAULT_POLICY, SMALL_POLICY, BIG, HARBOR_POLICY]),
    });
    renderRoutes(routes, POLICIES_PAGE);
    expect(screen.getByRole('heading', { level: 1, name: 'Approval policies' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Loading approval policies')).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Big bills' });
    expect(cardNames()).toEqual(['Big bills', 'Harbor vendors', 'Small bills', 'Default Policy']);
    expect(screen.getByRole('note')).toHaveTextContent(PRIORITY_INFO);

    const big = card('Big bills');
    expect(within(big).getByText('Priority 1')).toBeInTheDocument();
    expect(within(big).getByText('Bills over a thousand dollars.')).toBeInTheDocument();
    expect(within(big).getByText('Bill amount greater than $1,000.00')).toBeInTheDocument();
    expect(within(big).getByText('Require approval')).toBeInTheDocument();
    expect(within(big).getByText('Stage 1 · Anyone of')).toBeInTheDocument();
    expect(within(big).getByText('Stage 2 · All of')).toBeInTheDocument();
    expect(within(big).getByText('May bypass lower stages')).toBeInTheDocument();
    // Avatars take their stage's palette colour.
    expect(within(big).getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute(
      'data-approver-color',
      APPROVER_PALETTE[0],
    );
    expect(within(big).getByRole('img', { name: 'Grace Hopper' })).toHaveAttribute(
      'data-approver-color',
      APPROVER_PALETTE[1],
    );
    expect(within(big).getByRole('img', { name: 'Group Finance approvers' })).toHaveAttribute(
      'data-approver-color',
      APPROVER_PALETTE[1],
    );

    const harbor = card('Harbor vendors');
    expect(within(harbor).getByText('Bill amount between $250.00 and $5,000.50')).toBeInTheDocument();
    expect(within(harbor).getByText('Vendor is Harbor Supplies or Acme Paper')).toBeInTheDocument();
    expect(within(harbor).getByText('Stage 1 · 2 of')).toBeInTheDocument();
    expect(within(card('Small bills')).getByText('Bill amount less than $100.00')).toBeInTheDocument();

    const fallback = card('Default Policy');
    expect(within(fallback).getByText('Default Policy', { selector: 'span' })).toBeInTheDocument();
    expect(within(fallback).getByText('No approval required')).toBeInTheDocument();
    expect(within(fallback).queryByRole('button', { name: /Delete policy/ })).not.toBeInTheDocument();
    expect(within(fallback).queryByRole('button', { name: /Move/ })).not.toBeInTheDocument();
    expect(within(fallback).getByRole('link', { name: 'Edit policy Default Policy' })).toHaveAttribute(
      'href',
      `${POLICIES_PAGE}/${DEFAULT_ID}/create`,
    );

    expect(screen.getByRole('link', { name: 'Create Policy' })).toHaveAttribute(
      'href',
      `${POLICIES_PAGE}/create`,
    );
    expect(screen.getByRole('link', { name: 'Approval groups' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/settings/approval-groups`,
    );
    expect(within(big).getByRole('button', { name: 'Move Big bills up' })).toBeDisabled();
    expect(within(card('Small bills')).getByRole('button', { name: 'Move Small bills down' })).toBeDisabled();
  });

  it('keeps Create Policy disabled with its tooltip for a member who may only view, and offers no changes', async () => {
    const user = userEvent.setup();
    mockPoliciesApi(VIEWER_PERMISSIONS, { [`GET ${POLICIES_API}`]: ok(ALL) });
    renderRoutes(routes, POLICIES_PAGE);
    await screen.findByRole('article', { name: 'Big bills' });
    const create = screen.getByRole('button', { name: 'Create Policy' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveAccessibleDescription(APPROVAL_MESSAGES.createPolicyReadOnly);
    await user.hover(create);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(APPROVAL_MESSAGES.createPolicyReadOnly);
    expect(screen.queryByRole('link', { name: 'Create Policy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit policy/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Delete policy|Move|Drag to reorder/ }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Audit Trail' })).toBeEnabled();
  });

  it('without read on payment approvals says the role does not allow it and asks for nothing', async () => {
    const api = mockPoliciesApi(['PAY_DUE_BILLS.manage'], { [`GET ${POLICIES_API}`]: ok(ALL) });
    renderRoutes(routes, POLICIES_PAGE);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(`GET ${POLICIES_API}`)).toHaveLength(0);
  });

  it('with only the Default Policy invites to create the first policy', async () => {
    mockPoliciesApi(undefined, { [`GET ${POLICIES_API}`]: ok([DEFAULT_POLICY]) });
    renderRoutes(routes, POLICIES_PAGE);
    expect(await screen.findByText('No approval policies yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first policy' })).toHaveAttribute(
      'href',
      `${POLICIES_PAGE}/create`,
    );
    expect(card('Default Policy')).toBeInTheDocument();
  });

  it("says 'Error loading data: …' when the policies do not load", async () => {
    mockPoliciesApi(undefined, { [`GET ${POLICIES_API}`]: fail(500, 'Service unavailable') });
    renderRoutes(routes, POLICIES_PAGE);
    expect(await screen.findByText('Error loading data: Service unavailable')).toBeInTheDocument();
  });

  it('moves a policy down with the keyboard-reachable button: one order call, then the toast', async () => {
    const user = userEvent.setup();
    let policies = ALL;
    const api = mockPoliciesApi(undefined, {
      [`GET ${POLICIES_API}`]: () => ok(policies),
      [`PATCH ${ORDER_API}`]: () => {
        policies = [{ ...HARBOR_POLICY, order: 1 }, { ...BIG, order: 2 }, SMALL_POLICY, DEFAULT_POLICY];
        return ok(policies);
      },
    });
    renderRoutes(routes, POLICIES_PAGE);
    const down = await screen.findByRole('button', { name: 'Move Big bills down' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(APPROVAL_MESSAGES.policyOrderUpdated)).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${ORDER_API}`)).toEqual([{ policyIds: [HARBOR_ID, BIG_BILLS_ID, SMALL_ID] }]);
    await waitFor(() =>
      expect(cardNames()).toEqual(['Harbor vendors', 'Big bills', 'Small bills', 'Default Policy']),
    );
    expect(within(card('Big bills')).getByText('Priority 2')).toBeInTheDocument();
  });

  it("puts the order back and says 'Error updating order' when the server refuses", async () => {
    const user = userEvent.setup();
    const api = mockPoliciesApi(undefined, {
      [`GET ${POLICIES_API}`]: ok(ALL),
      [`PATCH ${ORDER_API}`]: fail(409, APPROVAL_MESSAGES.policyOrderStale, {
        errorCode: 'POLICY_ORDER_STALE',
      }),
    });
    renderRoutes(routes, POLICIES_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Move Small bills up' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.policyOrderFailed)).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${ORDER_API}`)).toEqual([{ policyIds: [BIG_BILLS_ID, SMALL_ID, HARBOR_ID] }]);
    await waitFor(() =>
      expect(cardNames()).toEqual(['Big bills', 'Harbor vendors', 'Small bills', 'Default Policy']),
    );
  });

  it('reorders by dragging with the keyboard (Space, arrow, Space) on the handle', async () => {
    // jsdom lays nothing out: each card is given a place, 200 px below the one before.
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const article = this.closest('article');
      const index = article ? [...document.querySelectorAll('article')].indexOf(article) : 0;
      const top = index * 200;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        right: 800,
        bottom: top + 180,
        width: 800,
        height: 180,
        toJSON: () => ({}),
      };
    });
    onTestFinished(() => rect.mockRestore());
    const user = userEvent.setup();
    const api = mockPoliciesApi(undefined, {
      [`GET ${POLICIES_API}`]: ok(ALL),
      [`PATCH ${ORDER_API}`]: ok(ALL),
    });
    renderRoutes(routes, POLICIES_PAGE);
    const handle = await screen.findByRole('button', { name: 'Drag to reorder Big bills' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    await waitFor(() => expect(api.callsTo(`PATCH ${ORDER_API}`)).toHaveLength(1));
    expect(api.bodiesOf(`PATCH ${ORDER_API}`)[0]).toEqual({ policyIds: [HARBOR_ID, BIG_BILLS_ID, SMALL_ID] });
  });

  it('deletes a policy after confirmation, with the spec’s toasts', async () => {
    const user = userEvent.setup();
    let policies = ALL;
    const api = mockPoliciesApi(undefined, {
      [`GET ${POLICIES_API}`]: () => ok(policies),
      [`PATCH ${deletePolicyApi(SMALL_ID)}`]: () => {
        policies = [BIG, HARBOR_POLICY, DEFAULT_POLICY];
        return ok({ id: SMALL_ID }, { message: APPROVAL_MESSAGES.policyDeleted });
      },
      [`PATCH ${deletePolicyApi(BIG_BILLS_ID)}`]: fail(500, 'boom'),
    });
    renderRoutes(routes, POLICIES_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Delete policy Small bills' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete policy' });
    expect(dialog).toHaveTextContent('Delete the policy “Small bills”?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.policyDeleted)).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${deletePolicyApi(SMALL_ID)}`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Small bills' })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Delete policy Big bills' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete policy' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(APPROVAL_MESSAGES.policyDeleteFailed)).toBeInTheDocument();
    expect(card('Big bills')).toBeInTheDocument();
  });

  it('shows the audit trail: a list tab (who, when, action, policy) and a detail tab (before and after)', async () => {
    const user = userEvent.setup();
    const modified = makePolicy({
      name: 'Big bills',
      conditions: { amount: { operator: 'greaterThan', min_value: 2000, max_value: null }, vendorIds: null },
    });
    const api = mockPoliciesApi(undefined, {
      [`GET ${POLICIES_API}`]: ok(ALL),
      [`GET ${ACTIVITY_API}`]: ok({
        items: [
          {
            id: 'log-3',
            entityType: 'approval_policies',
            entityId: BUSINESS_ID,
            action: 'POLICY_ORDER_UPDATED',
            label: 'Priority Changed',
            actor: { type: 'USER', name: 'Grace Hopper', performedByName: 'Grace Hopper' },
            remarks: null,
            metadata: { oldData: ['Big bills', 'Harbor vendors'], newData: ['Harbor vendors', 'Big bills'] },
            createdAt: '2026-11-22T08:00:00.000Z',
          },
          {
            id: 'log-2',
            entityType: 'approval_policies',
            entityId: BIG_BILLS_ID,
            action: 'POLICY_UPDATED',
            label: 'Policy Modified: Big bills',
            actor: { type: 'USER', name: 'Ada Lovelace', performedByName: 'Ada Lovelace' },
            remarks: null,
            metadata: { oldData: BIG, newData: modified },
            createdAt: '2026-11-21T10:30:00.000Z',
          },
        ],
        total: 12,
        pageNumber: 1,
        pageSize: 10,
      }),
    });
    renderRoutes(routes, POLICIES_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Audit Trail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit Trail' });
    expect(within(dialog).getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    const table = await within(dialog).findByRole('table', { name: 'Audit trail' });
    const [, order, update] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(order).toHaveTextContent('Grace Hopper');
    expect(order).toHaveTextContent('Priority Changed');
    expect(order).toHaveTextContent('All policies');
    expect(update).toHaveTextContent('Ada Lovelace');
    expect(update).toHaveTextContent(formatDateTime('2026-11-21T10:30:00.000Z'));
    expect(update).toHaveTextContent('Policy Modified');
    expect(update).toHaveTextContent('Big bills');
    expect(within(dialog).getByText('1-10 of 12')).toBeInTheDocument();
    const query = queriesOf(api, ACTIVITY_API).at(-1);
    expect(query?.get('entity')).toBe('approval_policies');
    expect(query?.get('pageSize')).toBe('10');

    await user.click(within(update).getByRole('button', { name: /View details of Policy Modified/ }));
    expect(within(dialog).getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    const before = within(dialog).getByRole('region', { name: 'Before' });
    const after = within(dialog).getByRole('region', { name: 'After' });
    expect(within(before).getByText('Bill amount greater than $1,000.00')).toBeInTheDocument();
    expect(within(after).getByText('Bill amount greater than $2,000.00')).toBeInTheDocument();
    expect(within(after).getByText('Stage 2 · All of')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('"operator"');

    await user.click(within(dialog).getByRole('tab', { name: 'Activity' }));
    await user.click(within(dialog).getByRole('button', { name: /View details of Priority Changed/ }));
    const beforeOrder = within(dialog).getByRole('region', { name: 'Before' });
    expect(
      within(beforeOrder)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Big bills', 'Harbor vendors']);

    await user.click(within(dialog).getByRole('tab', { name: 'Activity' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queriesOf(api, ACTIVITY_API).at(-1)?.get('pageNumber')).toBe('2'));
  });
});
