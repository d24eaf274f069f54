import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { LIVE_AREAS } from '@/config/areas';
import { makeTestBusiness } from '@/testing/businesses';
import { fail, ok } from '@/testing/mock-api';
import { openOptionList } from '@/testing/select';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import {
  BUSINESS_ID,
  ME,
  makeInvitation,
  makeMember,
  mockUsersApi,
  USERS_API,
  USERS_PAGE,
} from '../testing/users';
import { ChangeRolePage } from './change-role-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/settings/users/:userId/edit', element: <ChangeRolePage /> },
  { path: '/b/:businessId/settings/users', element: <Where name="Users" /> },
  { path: '/b/:businessId/settings/approval-policies', element: <Where name="Policies" /> },
  { path: '/b/:businessId/settings/approval-groups', element: <Where name="Groups" /> },
];

const GRACE = makeMember();
const EDIT = `${USERS_PAGE}/${GRACE.id}/edit`;
const USER_API = `${USERS_API}/${GRACE.id}`;
const CHANGE = `PATCH ${USER_API}/change-role`;
const ASSIGNMENTS = `GET ${USER_API}/user-approval-assignments`;
const NONE = ok({ policies: [], groups: [] });

type User = ReturnType<typeof userEvent.setup>;

const chooseRole = async (user: User, label: string) => {
  const list = await openOptionList(user, screen.getByRole('combobox', { name: 'Role' }));
  await user.click(within(list).getByRole('option', { name: new RegExp(`^${label}`), hidden: true }));
};

const update = () => screen.getByRole('button', { name: 'Update' });

beforeEach(() => signInAs(makeUserProfile()));

describe('Change role', () => {
  it('shows name and email read-only; Update is enabled only when the role differs', async () => {
    const user = userEvent.setup();
    mockUsersApi(makeTestBusiness(), { [`GET ${USER_API}`]: ok(GRACE), [ASSIGNMENTS]: NONE });
    renderRoutes(routes, EDIT);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Grace Hopper');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Work email' })).toHaveAttribute('readonly');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Bills clerk'));
    expect(update()).toBeDisabled();
    await chooseRole(user, 'Admin');
    expect(update()).toBeEnabled();
    await chooseRole(user, 'Bills clerk');
    expect(update()).toBeDisabled();
  });

  it('changes the role, toasts and goes back to the list', async () => {
    const user = userEvent.setup();
    const api = mockUsersApi(makeTestBusiness(), {
      [`GET ${USER_API}`]: ok(GRACE),
      [ASSIGNMENTS]: NONE,
      [CHANGE]: ok(makeMember({ roleId: 'a00000000000000000000001' })),
    });
    renderRoutes(routes, EDIT);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Bills clerk'));
    await chooseRole(user, 'Admin');
    await user.click(update());
    expect(await screen.findByRole('heading', { name: `Users at ${USERS_PAGE}` })).toBeInTheDocument();
    expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
    expect(api.bodiesOf(CHANGE)).toEqual([{ roleId: 'a00000000000000000000001' }]);
    // Read before submitting; the change then has the user's data (assignments included) read again.
    expect(api.callsTo(ASSIGNMENTS)).toHaveLength(2);
  });

  it('opens the Cannot-change-role dialog before the call when the user approves somewhere', async () => {
    // Without the approval pages (a deployment where they are off), no button leads to a missing page.
    const approvalsLive = LIVE_AREAS.approvalPolicies;
    LIVE_AREAS.approvalPolicies = false;
    onTestFinished(() => {
      LIVE_AREAS.approvalPolicies = approvalsLive;
    });
    const user = userEvent.setup();
    const api = mockUsersApi(makeTestBusiness(), {
      [`GET ${USER_API}`]: ok(GRACE),
      [ASSIGNMENTS]: ok({
        policies: [{ id: 'f00000000000000000000001', name: 'Bills over $10,000' }],
        groups: [{ id: 'f00000000000000000000002', name: 'Finance approvers' }],
      }),
    });
    renderRoutes(routes, EDIT);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Bills clerk'));
    await chooseRole(user, 'Read-only');
    await user.click(update());
    const dialog = await screen.findByRole('dialog', { name: 'Cannot change role' });
    expect(dialog).toHaveTextContent(
      'Grace Hopper is an approver in an active approval policy or approvers group.',
    );
    expect(within(dialog).getByText('Bills over $10,000')).toBeInTheDocument();
    expect(within(dialog).getByText('Finance approvers')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'View Policies' })).not.toBeInTheDocument();
    expect(api.callsTo(CHANGE)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Change role' })).toBeInTheDocument();
  });

  describe('once the approval pages are live', () => {
    const approvalsLive = LIVE_AREAS.approvalPolicies;
    beforeEach(() => {
      LIVE_AREAS.approvalPolicies = true;
    });
    afterEach(() => {
      LIVE_AREAS.approvalPolicies = approvalsLive;
    });

    it('opens the dialog on USER_IN_APPROVAL, with View Policies and View Groups', async () => {
      const user = userEvent.setup();
      mockUsersApi(makeTestBusiness(), {
        [`GET ${USER_API}`]: ok(GRACE),
        [ASSIGNMENTS]: NONE,
        [CHANGE]: fail(
          409,
          'This user is an approver in an active approval policy or approval group. Remove them from it before changing their role.',
          { errorCode: 'USER_IN_APPROVAL' },
        ),
      });
      renderRoutes(routes, EDIT);
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Bills clerk'));
      await chooseRole(user, 'Admin');
      await user.click(update());
      const dialog = await screen.findByRole('dialog', { name: 'Cannot change role' });
      expect(within(dialog).getByRole('link', { name: 'View Groups' })).toHaveAttribute(
        'href',
        `/b/${BUSINESS_ID}/settings/approval-groups`,
      );
      await user.click(within(dialog).getByRole('link', { name: 'View Policies' }));
      expect(
        await screen.findByRole('heading', {
          name: `Policies at /b/${BUSINESS_ID}/settings/approval-policies`,
        }),
      ).toBeInTheDocument();
    });
  });

  it("toasts other refusals, and 'Failed to update user role' when the failure says nothing", async () => {
    const user = userEvent.setup();
    const api = mockUsersApi(makeTestBusiness(), {
      [`GET ${USER_API}`]: ok(GRACE),
      [ASSIGNMENTS]: NONE,
      [CHANGE]: fail(409, 'A business must keep at least one Admin.', { errorCode: 'LAST_ADMIN' }),
    });
    renderRoutes(routes, EDIT);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Bills clerk'));
    await chooseRole(user, 'Read-only');
    await user.click(update());
    expect(await screen.findByText('A business must keep at least one Admin.')).toBeInTheDocument();
    api.handlers[CHANGE] = fail(500, 'boom');
    await user.click(update());
    expect(await screen.findByText('Failed to update user role')).toBeInTheDocument();
    api.handlers[CHANGE] = fail(400, 'No changes made to update', { errorCode: 'NO_CHANGES' });
    await user.click(update());
    expect(await screen.findByText('No changes made to update')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'User ID not found' for an unknown user or a malformed id", async () => {
    mockUsersApi(makeTestBusiness(), { [`GET ${USER_API}`]: fail(404, 'User ID not found') });
    const { unmount } = renderRoutes(routes, EDIT);
    expect(await screen.findByText('User ID not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Users' })).toHaveAttribute('href', USERS_PAGE);
    unmount();
    const api = mockUsersApi(makeTestBusiness());
    renderRoutes(routes, `${USERS_PAGE}/not-an-id/edit`);
    expect(await screen.findByText('User ID not found')).toBeInTheDocument();
    expect(api.calls.some((call) => call.path.includes('not-an-id'))).toBe(false);
  });

  it('keeps your own role fixed', async () => {
    mockUsersApi(makeTestBusiness(), { [`GET ${USERS_API}/${ME.id}`]: ok(ME) });
    renderRoutes(routes, `${USERS_PAGE}/${ME.id}/edit`);
    expect(await screen.findByText('You cannot change your own role.')).toBeInTheDocument();
    expect(update()).toBeDisabled();
  });

  it('changes the role of a pending invitation without asking for approval assignments', async () => {
    const user = userEvent.setup();
    const alan = makeInvitation();
    const api = mockUsersApi(makeTestBusiness(), {
      [`GET ${USERS_API}/${alan.id}`]: ok(alan),
      [`PATCH ${USERS_API}/${alan.id}/change-role`]: ok(alan),
    });
    renderRoutes(routes, `${USERS_PAGE}/${alan.id}/edit`);
    expect(await screen.findByText('Invitation not accepted yet')).toBeInTheDocument();
    expect(
      screen.getByText('On acceptance the user gains access according to the assigned role.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Bills clerk'));
    await chooseRole(user, 'Admin');
    await user.click(update());
    expect(await screen.findByText('User role updated successfully')).toBeInTheDocument();
    expect(api.calls.some((call) => call.path.endsWith('user-approval-assignments'))).toBe(false);
  });
});
