import { ACCESS_DENIED_MESSAGE } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryConfig } from '@/lib/react-query';
import { makeTestBusiness } from '@/testing/businesses';
import { fail, ok, queriesOf } from '@/testing/mock-api';
import { openOptionList } from '@/testing/select';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import {
  BUSINESS_ID,
  CLERK_ROLE_ID,
  makeInvitation,
  makeMember,
  makeViewerBusiness,
  mockUsersApi,
  USERS_API,
  USERS_PAGE,
} from '../testing/users';
import { AddUserPage } from './add-user-page';
import { UsersListPage } from './users-list-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/settings/users/add', element: <AddUserPage /> },
  { path: '/b/:businessId/settings/users', element: <Where name="Users" /> },
  { path: '/team-members', element: <Where name="Team" /> },
];
const ADD_PAGE = `${USERS_PAGE}/add`;
const owner = makeUserProfile();
const accountant = makeUserProfile({ userType: 'ACCOUNTANT' });

const TEAM_MEMBER = {
  id: 'd00000000000000000000001',
  invitationId: null,
  user: {
    id: 'e00000000000000000000001',
    firstName: 'Joan',
    lastName: 'Clarke',
    email: 'joan@practice.test',
  },
  status: 'ACTIVE',
  invitedAt: '2026-10-01T09:00:00.000Z',
  joinedAt: '2026-10-02T09:00:00.000Z',
  isInBusiness: false,
};
const TEAM_MEMBER_IN_BUSINESS = {
  ...TEAM_MEMBER,
  id: 'd00000000000000000000002',
  user: {
    id: 'e00000000000000000000002',
    firstName: 'Dilly',
    lastName: 'Knox',
    email: 'dilly@practice.test',
  },
  isInBusiness: true,
};

type User = ReturnType<typeof userEvent.setup>;

/** Picks the option whose name starts with `label` (options also read out their description or email). */
const chooseOption = async (user: User, combobox: HTMLElement, label: string) => {
  const list = await openOptionList(user, combobox);
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await user.click(within(list).getByRole('option', { name: new RegExp(`^${escaped}`), hidden: true }));
};

const fillEmailForm = async (user: User, values: { name?: string; email?: string; role?: string }) => {
  if (values.name !== undefined)
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), values.name);
  if (values.email !== undefined)
    await user.type(screen.getByRole('textbox', { name: 'Work email' }), values.email);
  if (values.role !== undefined)
    await chooseOption(user, await screen.findByRole('combobox', { name: 'Role' }), values.role);
};

const fieldError = (name: string) => {
  const input = screen.getByLabelText(name, { exact: false, selector: 'input' });
  const id = input.getAttribute('aria-describedby') ?? '';
  return id
    .split(' ')
    .map((part) => document.getElementById(part)?.textContent ?? '')
    .join(' ');
};

beforeEach(() => signInAs(owner));

describe('Add user (email invitation)', () => {
  it('shows the form with the breadcrumb and texts, without the practice question for a non-accountant', async () => {
    mockUsersApi(makeTestBusiness(), { 'GET /user': ok(owner) });
    renderRoutes(routes, ADD_PAGE);
    expect(await screen.findByRole('heading', { name: 'Add User' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Users' })).toHaveAttribute('href', USERS_PAGE);
    expect(await screen.findByText('Invitation will be sent to this email.')).toBeInTheDocument();
    expect(
      screen.getByText('On acceptance the user gains access according to the assigned role.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Is this user a team member at the practice?')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeInTheDocument();
  });

  it('gives every §5 message of the name, email and role', async () => {
    const user = userEvent.setup();
    const api = mockUsersApi(makeTestBusiness(), { 'GET /user': ok(owner) });
    renderRoutes(routes, ADD_PAGE);
    await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Role is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();

    const name = screen.getByRole('textbox', { name: 'Name' });
    const cases: [string, string][] = [
      ['   ', 'Name is required'],
      ['A', 'Name must be at least 2 characters'],
      ['A'.repeat(51), 'Name cannot exceed 50 characters'],
      ['Ada 2', 'Name can only contain letters and spaces'],
    ];
    for (const [value, message] of cases) {
      await user.clear(name);
      await user.type(name, value);
      await user.tab();
      expect(fieldError('Name')).toContain(message);
    }
    // Fifty letters once the runs of spaces are collapsed: accepted.
    await user.clear(name);
    await user.type(name, `${'A'.repeat(25)}    ${'B'.repeat(24)}`);
    await user.tab();
    expect(fieldError('Name')).not.toMatch(/Name/);

    const email = screen.getByRole('textbox', { name: 'Work email' });
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(fieldError('Work email')).toContain('Please enter a valid email address');
    await user.clear(email);
    await user.type(email, 'someone@0-180.com');
    await user.tab();
    expect(fieldError('Work email')).toContain(
      'Please use a valid email address. Disposable email addresses are not allowed.',
    );
    expect(api.callsTo(`POST ${USERS_API}`)).toHaveLength(0);
  });

  it('invites with the name split at the first space, then toasts and goes back to the list', async () => {
    const user = userEvent.setup();
    const api = mockUsersApi(makeTestBusiness(), {
      'GET /user': ok(owner),
      [`POST ${USERS_API}`]: ok(makeInvitation(), { status: 201, message: 'User added successfully' }),
    });
    renderRoutes(routes, ADD_PAGE);
    await fillEmailForm(user, {
      name: '  Alan   Mathison Turing ',
      email: 'alan@acme.test',
      role: 'Bills clerk',
    });
    // The chosen role's description shows under the field.
    expect(fieldError('Role')).toContain('Enters bills and vendors; cannot pay.');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('heading', { name: `Users at ${USERS_PAGE}` })).toBeInTheDocument();
    expect(await screen.findByText('User added successfully')).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${USERS_API}`)).toEqual([
      { firstName: 'Alan', lastName: 'Mathison Turing', email: 'alan@acme.test', roleId: CLERK_ROLE_ID },
    ]);
    // The role selector asks for the first page of roles as the spec says.
    expect(Object.fromEntries(queriesOf(api, `/business/${BUSINESS_ID}/roles`)[0] ?? [])).toEqual({
      pageNumber: '1',
      pageSize: '10',
      sortOrder: 'asc',
    });
  });

  it('puts an error about the email under the email field (§8)', async () => {
    const user = userEvent.setup();
    mockUsersApi(makeTestBusiness(), {
      'GET /user': ok(owner),
      [`POST ${USERS_API}`]: fail(409, 'This email already belongs to a member of this business.', {
        errorCode: 'ALREADY_MEMBER',
      }),
    });
    renderRoutes(routes, ADD_PAGE);
    await fillEmailForm(user, { name: 'Grace Hopper', email: 'grace@acme.test', role: 'Admin' });
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(fieldError('Work email')).toContain('This email already belongs to a member of this business.'),
    );
    expect(screen.getByRole('textbox', { name: 'Work email' })).toHaveFocus();
  });

  it('puts an error about the role under the role field (§8)', async () => {
    const user = userEvent.setup();
    mockUsersApi(makeTestBusiness(), {
      'GET /user': ok(owner),
      [`POST ${USERS_API}`]: fail(404, 'Role not found.'),
    });
    renderRoutes(routes, ADD_PAGE);
    await fillEmailForm(user, { name: 'Grace Hopper', email: 'grace@acme.test', role: 'Admin' });
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(fieldError('Role')).toContain('Role not found.'));
  });

  it("toasts any other error, and 'User not added' when the failure says nothing (§8)", async () => {
    const user = userEvent.setup();
    const api = mockUsersApi(makeTestBusiness(), {
      'GET /user': ok(owner),
      [`POST ${USERS_API}`]: fail(429, 'Too many requests. Please try again later.'),
    });
    renderRoutes(routes, ADD_PAGE);
    await fillEmailForm(user, { name: 'Grace Hopper', email: 'grace@acme.test', role: 'Admin' });
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeInTheDocument();
    api.handlers[`POST ${USERS_API}`] = fail(500, 'Internal');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('User not added')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add User' })).toBeInTheDocument();
  });

  it('Cancel goes back to the list', async () => {
    const user = userEvent.setup();
    mockUsersApi(makeTestBusiness(), { 'GET /user': ok(owner) });
    renderRoutes(routes, ADD_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: `Users at ${USERS_PAGE}` })).toBeInTheDocument();
  });

  it('shows the not-allowed state without manage on Users', async () => {
    mockUsersApi(makeViewerBusiness(), { 'GET /user': ok(owner) });
    renderRoutes(routes, ADD_PAGE);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
  });
});

describe('Add user (an accountant adding a practice team member)', () => {
  beforeEach(() => signInAs(accountant));

  it('asks the practice question; Yes picks a team member and adds them to the business', async () => {
    const user = userEvent.setup();
    const api = mockUsersApi(makeTestBusiness(), {
      'GET /user': ok(accountant),
      'GET /practice-members': ok({
        items: [TEAM_MEMBER, TEAM_MEMBER_IN_BUSINESS],
        total: 2,
        pageNumber: 1,
        pageSize: 100,
      }),
      [`POST ${USERS_API}`]: ok(makeMember({ isPracticeMember: true }), { status: 201 }),
    });
    renderRoutes(routes, ADD_PAGE);
    const question = await screen.findByRole('radiogroup', {
      name: 'Is this user a team member at the practice?',
    });
    expect(within(question).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeInTheDocument();

    await user.click(within(question).getByRole('radio', { name: 'Yes' }));
    expect(screen.queryByRole('textbox', { name: 'Work email' })).not.toBeInTheDocument();
    const picker = await screen.findByRole('combobox', { name: 'Team member' });
    await waitFor(() => expect(picker).toHaveAttribute('placeholder', 'Please select a team member'));
    expect(Object.fromEntries(queriesOf(api, '/practice-members')[0] ?? [])).toMatchObject({
      businessId: BUSINESS_ID,
    });

    await user.click(screen.getByRole('button', { name: 'Add to Business' }));
    expect(await screen.findByText('Team member is required')).toBeInTheDocument();
    expect(screen.getByText('Role is required')).toBeInTheDocument();

    await chooseOption(user, picker, 'Joan Clarke');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Role' }), 'Read-only');
    await user.click(screen.getByRole('button', { name: 'Add to Business' }));
    expect(await screen.findByRole('heading', { name: `Users at ${USERS_PAGE}` })).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${USERS_API}`)).toEqual([
      { userId: 'e00000000000000000000001', roleId: 'a00000000000000000000002' },
    ]);
  });

  it('does not let a member already in the business be chosen', async () => {
    const user = userEvent.setup();
    mockUsersApi(makeTestBusiness(), {
      'GET /user': ok(accountant),
      'GET /practice-members': ok({
        items: [TEAM_MEMBER_IN_BUSINESS],
        total: 1,
        pageNumber: 1,
        pageSize: 100,
      }),
    });
    renderRoutes(routes, ADD_PAGE);
    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    const picker = await screen.findByRole('combobox', { name: 'Team member' });
    await user.click(picker);
    const option = await screen.findByRole('option', { name: /Dilly Knox/, hidden: true });
    expect(option).toHaveAttribute('data-combobox-disabled', 'true');
    expect(option).toHaveTextContent('Already in this business');
  });

  it("shows the server's 'Selected team member not found' under the picker", async () => {
    const user = userEvent.setup();
    mockUsersApi(makeTestBusiness(), {
      'GET /user': ok(accountant),
      'GET /practice-members': ok({ items: [TEAM_MEMBER], total: 1, pageNumber: 1, pageSize: 100 }),
      [`POST ${USERS_API}`]: fail(404, 'Selected team member not found', {
        errors: [{ field: 'userId', message: 'Selected team member not found' }],
      }),
    });
    renderRoutes(routes, ADD_PAGE);
    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    await chooseOption(user, await screen.findByRole('combobox', { name: 'Team member' }), 'Joan Clarke');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Role' }), 'Admin');
    await user.click(screen.getByRole('button', { name: 'Add to Business' }));
    expect(await screen.findByText('Selected team member not found')).toBeInTheDocument();
    expect(fieldError('Team member')).toContain('Selected team member not found');
  });

  it('points to the team page when the practice has no active member', async () => {
    const user = userEvent.setup();
    mockUsersApi(makeTestBusiness(), {
      'GET /user': ok(accountant),
      'GET /practice-members': ok({ items: [], total: 0, pageNumber: 1, pageSize: 100 }),
    });
    renderRoutes(routes, ADD_PAGE);
    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    expect(await screen.findByRole('link', { name: 'Invite your team' })).toHaveAttribute(
      'href',
      '/team-members',
    );
  });
});

describe('back on the list', () => {
  it('shows the invited user: the list asks again after the add', async () => {
    const user = userEvent.setup();
    let users = [makeMember()];
    mockUsersApi(makeTestBusiness(), {
      'GET /user': ok(owner),
      [`GET ${USERS_API}`]: () => ok({ items: users, total: users.length, pageNumber: 1, pageSize: 10 }),
      [`POST ${USERS_API}`]: () => {
        users = [...users, makeInvitation()];
        return ok(makeInvitation(), { status: 201 });
      },
    });
    const { queryClient } = renderRoutes(
      [
        { path: '/b/:businessId/settings/users', element: <UsersListPage /> },
        { path: '/b/:businessId/settings/users/add', element: <AddUserPage /> },
      ],
      USERS_PAGE,
    );
    // The app's cache settings (no refetch on mount) for the pages mounted from here on.
    queryClient.setDefaultOptions({ queries: { ...queryConfig.queries, retry: false } });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Add User' }));
    await fillEmailForm(user, { name: 'Alan Turing', email: 'alan@acme.test', role: 'Read-only' });
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Alan Turing')).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
  });
});
