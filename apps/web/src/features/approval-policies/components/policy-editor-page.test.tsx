import { ACCESS_DENIED_MESSAGE, APPROVAL_MESSAGES } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '@/testing/mock-api';
import { chooseOption, openOptionList } from '@/testing/select';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  ADA_ID,
  BIG_BILLS_ID,
  DEFAULT_ID,
  DEFAULT_POLICY,
  GRACE_ID,
  GROUP_ID,
  makePolicy,
  mockPoliciesApi,
  NAME_EXISTS_API,
  POLICIES_API,
  POLICIES_PAGE,
  policyApi,
  VENDOR_HARBOR,
  VIEWER_PERMISSIONS,
} from '../testing/approval-policies';
import { PolicyEditorPage } from './policy-editor-page';
import { BYPASS_LABEL } from './stages-editor';

const CREATE = `${POLICIES_PAGE}/create`;
const routes: RouteObject[] = [
  { path: '/b/:businessId/settings/approval-policies', element: <Where name="Policies" /> },
  { path: '/b/:businessId/settings/approval-policies/create', element: <PolicyEditorPage /> },
  { path: '/b/:businessId/settings/approval-policies/:policyId/create', element: <PolicyEditorPage /> },
];

type User = ReturnType<typeof userEvent.setup>;

const pick = async (user: User, label: string, option: RegExp) => {
  const list = await openOptionList(user, screen.getByRole('combobox', { name: label }));
  await user.click(within(list).getByRole('option', { name: option, hidden: true }));
  await user.keyboard('{Escape}');
};

const addCondition = async (user: User, which: 'Bill amount' | 'Vendors') => {
  await user.click(screen.getByRole('button', { name: 'Add condition' }));
  // jsdom lays nothing out: the dropdown counts as detached from its button, hence `hidden`.
  await user.click(await screen.findByRole('menuitem', { name: which, hidden: true }));
};

afterEach(() => {
  notifications.clean();
});

describe('Create policy', () => {
  it('says what is missing before saving, in the spec’s words, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = mockPoliciesApi();
    renderRoutes(routes, CREATE);
    expect(screen.getByRole('heading', { level: 1, name: 'Create Policy' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Create Policy' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(APPROVAL_MESSAGES.policyConditions);
    expect(summary).toHaveTextContent(APPROVAL_MESSAGES.policyApprovers);
    expect(screen.getByText(APPROVAL_MESSAGES.policyNameRequired)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Policy name/ })).toHaveFocus());

    // An empty vendors condition asks for vendors; a bad amount range for well-defined conditions.
    await addCondition(user, 'Vendors');
    expect(await screen.findAllByText(APPROVAL_MESSAGES.policyVendors)).not.toHaveLength(0);
    await addCondition(user, 'Bill amount');
    await chooseOption(user, 'Bill amount', 'In between');
    await user.type(screen.getByRole('textbox', { name: 'From' }), '500');
    await user.type(screen.getByRole('textbox', { name: 'To' }), '100');
    expect(screen.getAllByText(APPROVAL_MESSAGES.policyConditions).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Remove the bill amount condition' }));
    await user.click(screen.getByRole('button', { name: 'Remove the vendors condition' }));
    expect(api.callsTo(`POST ${POLICIES_API}`)).toHaveLength(0);
  });

  it("checks the name when it is left: 'Policy name exists'", async () => {
    const user = userEvent.setup();
    const api = mockPoliciesApi(undefined, { [`POST ${NAME_EXISTS_API}`]: ok({ exists: true }) });
    renderRoutes(routes, CREATE);
    await user.type(await screen.findByRole('textbox', { name: /Policy name/ }), 'Big bills ');
    await user.tab();
    expect(await screen.findByText(APPROVAL_MESSAGES.policyNameExists)).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${NAME_EXISTS_API}`)).toEqual([{ name: 'Big bills' }]);
  });

  it('creates a policy with its conditions and stages, says so and returns to the list', async () => {
    const user = userEvent.setup();
    const api = mockPoliciesApi(undefined, {
      [`POST ${POLICIES_API}`]: ok(
        { message: APPROVAL_MESSAGES.policyCreated, policy: makePolicy() },
        { status: 201 },
      ),
    });
    renderRoutes(routes, CREATE);
    await user.type(await screen.findByRole('textbox', { name: /Policy name/ }), 'Harbor over $1,000');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Large Harbor bills');
    await addCondition(user, 'Bill amount');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1000.5');
    await addCondition(user, 'Vendors');
    await pick(user, 'Vendors', /^Harbor Supplies/);

    // Stage 1: Ada, anyone; no bypass for the first stage.
    expect(screen.queryByRole('checkbox', { name: /stage 1/ })).not.toBeInTheDocument();
    await pick(user, 'Stage 1 approvers', /^Ada Lovelace/);
    // Stage 2: Grace and the Finance group, a quorum of 2, may bypass stage 1.
    await user.click(screen.getByRole('button', { name: 'Add stage' }));
    await pick(user, 'Stage 2 approvers', /^Grace Hopper/);
    await pick(user, 'Stage 2 approvers', /^Finance approvers/);
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Stage 2: who must approve' })).getByRole('radio', {
        name: /Quorum/,
      }),
    );
    await user.type(screen.getByRole('textbox', { name: /Stage 2: approvals needed/ }), '2');
    await user.click(screen.getByRole('checkbox', { name: `${BYPASS_LABEL} (stage 2)` }));
    await user.click(screen.getByRole('button', { name: 'Create Policy' }));

    expect(await screen.findByText(APPROVAL_MESSAGES.policyCreated)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: `Policies at ${POLICIES_PAGE}` })).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${POLICIES_API}`)).toEqual([
      {
        name: 'Harbor over $1,000',
        description: 'Large Harbor bills',
        conditions: {
          amount: { operator: 'greaterThan', min_value: 1000.5, max_value: null },
          vendorIds: [{ label: 'Harbor Supplies', value: VENDOR_HARBOR }],
        },
        stages: [
          {
            order: 1,
            bypassLowerLevelApprovals: false,
            approvalRequiredFrom: 'ANYONE',
            minApprovals: null,
            approvers: { users: [ADA_ID], approvalGroups: [] },
          },
          {
            order: 2,
            bypassLowerLevelApprovals: true,
            approvalRequiredFrom: 'QUORUM',
            minApprovals: 2,
            approvers: { users: [GRACE_ID], approvalGroups: [GROUP_ID] },
          },
        ],
      },
    ]);
    expect(api.bodiesOf(`POST ${NAME_EXISTS_API}`).at(-1)).toEqual({ name: 'Harbor over $1,000' });
  });

  it("says 'Failed to create policy', or marks the name when the server finds it taken", async () => {
    const user = userEvent.setup();
    const api = mockPoliciesApi(undefined, { [`POST ${POLICIES_API}`]: fail(500, 'boom') });
    renderRoutes(routes, CREATE);
    await user.type(await screen.findByRole('textbox', { name: /Policy name/ }), 'Small bills');
    await addCondition(user, 'Bill amount');
    await chooseOption(user, 'Bill amount', 'Less than');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '100');
    await pick(user, 'Stage 1 approvers', /^Ada Lovelace/);
    await user.click(screen.getByRole('button', { name: 'Create Policy' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.policyCreateFailed)).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${POLICIES_API}`)[0]).toMatchObject({
      conditions: { amount: { operator: 'lessThan', min_value: null, max_value: 100 }, vendorIds: null },
    });

    api.handlers[`POST ${POLICIES_API}`] = fail(409, APPROVAL_MESSAGES.policyNameExists, {
      errorCode: 'POLICY_NAME_EXISTS',
      errors: [{ field: 'name', message: APPROVAL_MESSAGES.policyNameExists }],
    });
    await user.click(screen.getByRole('button', { name: 'Create Policy' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.policyNameExists)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Policy name/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells a member who may only view that their role does not allow it', async () => {
    mockPoliciesApi(VIEWER_PERMISSIONS);
    renderRoutes(routes, CREATE);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Policy' })).not.toBeInTheDocument();
  });
});

describe('Edit policy', () => {
  it('starts from the saved policy and sends the whole policy with its id', async () => {
    const user = userEvent.setup();
    const api = mockPoliciesApi(undefined, {
      [`GET ${policyApi(BIG_BILLS_ID)}`]: ok(makePolicy()),
      [`PATCH ${POLICIES_API}`]: ok({ message: APPROVAL_MESSAGES.policyUpdated, policy: makePolicy() }),
    });
    renderRoutes(routes, `${POLICIES_PAGE}/${BIG_BILLS_ID}/create`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Policy' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /Policy name/ })).toHaveValue('Big bills');
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveValue('$1,000');
    await user.clear(amount);
    await user.type(amount, '2500');
    // Stage 2 keeps its saved approvers and bypass.
    expect(screen.getByRole('checkbox', { name: `${BYPASS_LABEL} (stage 2)` })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Remove stage 2' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(APPROVAL_MESSAGES.policyUpdated)).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${POLICIES_API}`)).toEqual([
      {
        policyId: BIG_BILLS_ID,
        name: 'Big bills',
        description: 'Bills over a thousand dollars.',
        conditions: {
          amount: { operator: 'greaterThan', min_value: 2500, max_value: null },
          vendorIds: null,
        },
        stages: [
          {
            order: 1,
            bypassLowerLevelApprovals: false,
            approvalRequiredFrom: 'ANYONE',
            minApprovals: null,
            approvers: { users: [ADA_ID], approvalGroups: [] },
          },
        ],
      },
    ]);
    // Its own name is not 'taken'.
    expect(api.callsTo(`POST ${NAME_EXISTS_API}`)).toHaveLength(0);
  });

  it("says 'Error updating policy' when the save fails, and shows the server's stage refusal in the form", async () => {
    const user = userEvent.setup();
    const api = mockPoliciesApi(undefined, {
      [`GET ${policyApi(BIG_BILLS_ID)}`]: ok(makePolicy()),
      [`PATCH ${POLICIES_API}`]: fail(500, 'boom'),
    });
    renderRoutes(routes, `${POLICIES_PAGE}/${BIG_BILLS_ID}/create`);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.policyUpdateFailed)).toBeInTheDocument();

    api.handlers[`PATCH ${POLICIES_API}`] = fail(422, 'Validation failed', {
      errors: [{ field: 'stages', message: APPROVAL_MESSAGES.policyApproverNotEligible }],
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(APPROVAL_MESSAGES.policyApproverNotEligible);
  });

  it('edits the Default Policy: fixed name, no conditions, stages only (none means no approval)', async () => {
    const user = userEvent.setup();
    const api = mockPoliciesApi(undefined, {
      [`GET ${policyApi(DEFAULT_ID)}`]: ok(DEFAULT_POLICY),
      [`PATCH ${POLICIES_API}`]: ok({ message: APPROVAL_MESSAGES.policyUpdated, policy: DEFAULT_POLICY }),
    });
    renderRoutes(routes, `${POLICIES_PAGE}/${DEFAULT_ID}/create`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Default Policy' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: /Policy name/ });
    expect(name).toHaveValue('Default Policy');
    expect(name).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Add condition' })).not.toBeInTheDocument();
    expect(screen.getByText('No approval required: add a stage to require approval.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add stage' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(APPROVAL_MESSAGES.policyApprovers);
    expect(api.callsTo(`PATCH ${POLICIES_API}`)).toHaveLength(0);

    await pick(user, 'Stage 1 approvers', /^Finance approvers/);
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Stage 1: who must approve' })).getByRole('radio', {
        name: /All/,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.policyUpdated)).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${POLICIES_API}`)).toEqual([
      {
        policyId: DEFAULT_ID,
        isDefault: true,
        description: 'Bills no other policy covers.',
        stages: [
          {
            order: 1,
            bypassLowerLevelApprovals: false,
            approvalRequiredFrom: 'ALL',
            minApprovals: null,
            approvers: { users: [], approvalGroups: [GROUP_ID] },
          },
        ],
      },
    ]);
    expect(api.callsTo(`POST ${NAME_EXISTS_API}`)).toHaveLength(0);
  });

  it("says 'Error loading data: …' when the policy does not load", async () => {
    mockPoliciesApi(undefined, {
      [`GET ${policyApi(BIG_BILLS_ID)}`]: fail(404, APPROVAL_MESSAGES.policyNotFound),
    });
    renderRoutes(routes, `${POLICIES_PAGE}/${BIG_BILLS_ID}/create`);
    expect(
      await screen.findByText(`Error loading data: ${APPROVAL_MESSAGES.policyNotFound}`),
    ).toBeInTheDocument();
  });
});
