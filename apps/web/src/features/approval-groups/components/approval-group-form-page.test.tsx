import { ACCESS_DENIED_MESSAGE, APPROVAL_GROUP_MESSAGES, APPROVAL_MESSAGES } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, queriesOf } from '@/testing/mock-api';
import { openOptionList } from '@/testing/select';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  ADA,
  ADA_ID,
  ALAN,
  ALAN_ID,
  CREATE_GROUP_API,
  GRACE,
  GRACE_ID,
  GROUP_ID,
  GROUPS_PAGE,
  groupApi,
  makeEligibleUser,
  makeGroup,
  mockGroupsApi,
  USERS_API,
  usersPage,
  VIEWER_PERMISSIONS,
} from '../testing/approval-groups';
import { ApprovalGroupFormPage } from './approval-group-form-page';

const CREATE = `${GROUPS_PAGE}/create`;
const EDIT = `${GROUPS_PAGE}/${GROUP_ID}/edit`;
const routes: RouteObject[] = [
  { path: '/b/:businessId/settings/approval-groups', element: <Where name="Groups" /> },
  { path: '/b/:businessId/settings/approval-groups/create', element: <ApprovalGroupFormPage /> },
  { path: '/b/:businessId/settings/approval-groups/:groupId/edit', element: <ApprovalGroupFormPage /> },
];

const ELIGIBLE = usersPage([makeEligibleUser(ADA), makeEligibleUser(GRACE), makeEligibleUser(ALAN)]);
const members = () => screen.getByRole('combobox', { name: 'Members' });
const chooseMember = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  const list = await openOptionList(user, members());
  await user.click(within(list).getByRole('option', { name: new RegExp(name), hidden: true }));
};

afterEach(() => {
  notifications.clean();
});

describe('Create a New Approval Group', () => {
  it('shows the §5 messages as the fields are typed in, and on save', async () => {
    const user = userEvent.setup();
    const api = mockGroupsApi(undefined, { [`GET ${USERS_API}`]: ELIGIBLE });
    renderRoutes(routes, CREATE);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Create a New Approval Group' }),
    ).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Approval groups' })).toHaveAttribute('href', GROUPS_PAGE);

    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(APPROVAL_GROUP_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(APPROVAL_GROUP_MESSAGES.descriptionRequired)).toBeInTheDocument();
    expect(screen.getByText(APPROVAL_GROUP_MESSAGES.membersRequired)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Group name/ })).toHaveFocus());
    expect(api.callsTo(`POST ${CREATE_GROUP_API}`)).toHaveLength(0);

    const name = screen.getByRole('textbox', { name: /Group name/ });
    await user.type(name, ' Finance');
    expect(await screen.findByText(APPROVAL_GROUP_MESSAGES.characters)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Finance #1');
    expect(screen.getByText(APPROVAL_GROUP_MESSAGES.characters)).toBeInTheDocument();
    await user.clear(name);
    await user.paste('x'.repeat(61));
    expect(await screen.findByText(APPROVAL_GROUP_MESSAGES.nameTooLong)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, "Finance & Ops' A/P");
    await waitFor(() =>
      expect(screen.queryByText(APPROVAL_GROUP_MESSAGES.nameTooLong)).not.toBeInTheDocument(),
    );
    expect(name).not.toHaveAttribute('aria-invalid', 'true');

    const description = screen.getByRole('textbox', { name: /Description/ });
    await user.click(description);
    await user.paste('d'.repeat(201));
    expect(await screen.findByText(APPROVAL_GROUP_MESSAGES.descriptionTooLong)).toBeInTheDocument();
    expect(screen.getByText('201/200 characters')).toBeInTheDocument();
  });

  it('lists only the eligible members, creates the group, says so and returns to the list', async () => {
    const user = userEvent.setup();
    const api = mockGroupsApi(undefined, {
      [`GET ${USERS_API}`]: ELIGIBLE,
      [`POST ${CREATE_GROUP_API}`]: ok(
        { message: APPROVAL_MESSAGES.groupCreated, group: makeGroup() },
        { status: 201 },
      ),
    });
    renderRoutes(routes, CREATE);
    await user.type(await screen.findByRole('textbox', { name: /Group name/ }), 'Finance approvers');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Approves the big bills');
    await waitFor(() => expect(members()).toBeEnabled());
    const list = await openOptionList(user, members());
    expect(
      within(list)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual([
      'Ada Lovelaceada@harbor.test · Admin',
      'Grace Hoppergrace@harbor.test · Accounts Payable',
      'Alan Turingalan@harbor.test · Accounts Payable',
    ]);
    await user.click(within(list).getByRole('option', { name: /Grace Hopper/, hidden: true }));
    await chooseMember(user, 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(APPROVAL_MESSAGES.groupCreated)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: `Groups at ${GROUPS_PAGE}` })).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${CREATE_GROUP_API}`)).toEqual([
      { name: 'Finance approvers', description: 'Approves the big bills', userIds: [GRACE_ID, ADA_ID] },
    ]);
    const query = queriesOf(api, USERS_API).at(-1);
    expect(query?.get('billApprovalPermissions')).toBe('true');
    expect(query?.get('pageSize')).toBe('100');
  });

  it("says 'No users available' when nobody may approve bills", async () => {
    mockGroupsApi(undefined, { [`GET ${USERS_API}`]: usersPage([]) });
    renderRoutes(routes, CREATE);
    expect(await screen.findByText('No users available')).toBeInTheDocument();
  });

  it('marks the name in error with the server message when the name is taken', async () => {
    const user = userEvent.setup();
    const message = 'An approval group with this name already exists.';
    mockGroupsApi(undefined, {
      [`GET ${USERS_API}`]: ELIGIBLE,
      [`POST ${CREATE_GROUP_API}`]: fail(409, message, {
        errorCode: 'APPROVAL_GROUP_NAME_ALREADY_EXISTS',
        errors: [{ field: 'name', message }],
      }),
    });
    renderRoutes(routes, CREATE);
    const name = await screen.findByRole('textbox', { name: /Group name/ });
    await user.type(name, 'Finance');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Approves');
    await chooseMember(user, 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
    expect(
      screen.getByRole('heading', { level: 1, name: 'Create a New Approval Group' }),
    ).toBeInTheDocument();
  });

  it('shows a refused member on the members field, and other failures as their message', async () => {
    const user = userEvent.setup();
    const api = mockGroupsApi(undefined, {
      [`GET ${USERS_API}`]: ELIGIBLE,
      [`POST ${CREATE_GROUP_API}`]: fail(422, 'Validation failed', {
        errors: [{ field: 'userIds', message: APPROVAL_MESSAGES.groupMemberNotEligible }],
      }),
    });
    renderRoutes(routes, CREATE);
    await user.type(await screen.findByRole('textbox', { name: /Group name/ }), 'Finance');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Approves');
    await chooseMember(user, 'Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.groupMemberNotEligible)).toBeInTheDocument();

    api.handlers[`POST ${CREATE_GROUP_API}`] = fail(503, 'The service is busy.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The service is busy.')).toBeInTheDocument();
    api.handlers[`POST ${CREATE_GROUP_API}`] = () => {
      throw new Error('offline');
    };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Create a New Approval Group' }),
    ).toBeInTheDocument();
  });

  it('tells a member who may only view that their role does not allow it', async () => {
    mockGroupsApi(VIEWER_PERMISSIONS, { [`GET ${USERS_API}`]: ELIGIBLE });
    renderRoutes(routes, CREATE);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('Modify Approval Group', () => {
  it('asks first, naming the users added and removed and that only future payments change', async () => {
    const user = userEvent.setup();
    const api = mockGroupsApi(undefined, {
      [`GET ${USERS_API}`]: ELIGIBLE,
      [`GET ${groupApi(GROUP_ID)}`]: ok(makeGroup()),
      [`PATCH ${groupApi(GROUP_ID)}`]: ok({
        message: APPROVAL_MESSAGES.groupModified,
        group: makeGroup({ members: [GRACE, ALAN] }),
      }),
    });
    renderRoutes(routes, EDIT);
    expect(screen.getByRole('heading', { level: 1, name: 'Modify Approval Group' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: /Group name/ });
    expect(name).toHaveValue('Finance approvers');
    const save = screen.getByRole('button', { name: 'Save' });
    // Nothing changed yet.
    expect(save).toBeDisabled();

    await waitFor(() => expect(members()).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Remove Ada Lovelace' }));
    await chooseMember(user, 'Alan Turing');
    await user.click(save);

    const dialog = await screen.findByRole('dialog', { name: 'Modify Approval Group' });
    expect(dialog).toHaveTextContent('Users added: Alan Turing.');
    expect(dialog).toHaveTextContent('Users removed: Ada Lovelace.');
    expect(dialog).toHaveTextContent(APPROVAL_MESSAGES.futureOnly);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`PATCH ${groupApi(GROUP_ID)}`)).toHaveLength(0);

    await user.click(save);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Modify Approval Group' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText(APPROVAL_MESSAGES.groupModified)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: `Groups at ${GROUPS_PAGE}` })).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${groupApi(GROUP_ID)}`)).toEqual([
      {
        name: 'Finance approvers',
        description: 'Approves every bill over the monthly budget.',
        userIds: [GRACE_ID, ALAN_ID],
      },
    ]);
  });

  it('keeps a member who may no longer approve visible and marked, to be removed', async () => {
    mockGroupsApi(undefined, {
      [`GET ${USERS_API}`]: usersPage([makeEligibleUser(GRACE)]),
      [`GET ${groupApi(GROUP_ID)}`]: ok(makeGroup()),
    });
    renderRoutes(routes, EDIT);
    expect(await screen.findByText(/Ada Lovelace: Can no longer approve bills/)).toBeInTheDocument();
  });

  it('says why the group did not load', async () => {
    mockGroupsApi(undefined, {
      [`GET ${USERS_API}`]: ELIGIBLE,
      [`GET ${groupApi(GROUP_ID)}`]: fail(404, APPROVAL_MESSAGES.groupNotFound),
    });
    renderRoutes(routes, EDIT);
    expect(
      await screen.findByText(`Error loading data: ${APPROVAL_MESSAGES.groupNotFound}`),
    ).toBeInTheDocument();
  });
});
