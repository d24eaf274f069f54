import { ACCESS_DENIED_MESSAGE, PERMISSION_SECTIONS } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_AREAS } from '@/config/areas';
import { fail, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  ADMIN_ROLE,
  ADMIN_ROLE_ID,
  BUSINESS_ID,
  CREATE_ROLE_API,
  CUSTOM_ROLE_ID,
  makeRole,
  mockRolesApi,
  roleApi,
  VIEWER_PERMISSIONS,
} from '../testing/roles';
import { RoleEditorPage } from './role-editor-page';

const LIST = `/b/${BUSINESS_ID}/settings/roles`;
const CREATE = `${LIST}/create`;
const VIEW = `${LIST}/${CUSTOM_ROLE_ID}`;
const EDIT = `${VIEW}/edit`;
const routes: RouteObject[] = [
  { path: '/b/:businessId/settings/roles', element: <Where name="Roles" /> },
  { path: '/b/:businessId/settings/roles/create', element: <RoleEditorPage /> },
  { path: '/b/:businessId/settings/roles/:roleId', element: <RoleEditorPage /> },
  { path: '/b/:businessId/settings/roles/:roleId/edit', element: <RoleEditorPage /> },
  { path: '/b/:businessId/settings/users', element: <Where name="Users" /> },
];

const box = (name: string) => screen.getByRole('checkbox', { name });
const ROLE = makeRole();

// The users-list links (View Users, the number of users) need the Users area.
const usersLive = LIVE_AREAS.users;
beforeEach(() => {
  LIVE_AREAS.users = true;
});
afterEach(() => {
  LIVE_AREAS.users = usersLive;
  notifications.clean();
});

describe('Create role', () => {
  it('shows every message of the shared schema, on submit and on blur, and focuses the first', async () => {
    const user = userEvent.setup();
    const api = mockRolesApi();
    renderRoutes(routes, CREATE);
    await screen.findByRole('button', { name: 'Create' });
    expect(screen.getByRole('heading', { level: 1, name: 'Create Role' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(trail).toHaveTextContent('Settings›Roles›Create Role');
    expect(within(trail).getByRole('link', { name: 'Roles' })).toHaveAttribute('href', LIST);

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Role name is required.')).toBeInTheDocument();
    expect(screen.getByText('Role description is required.')).toBeInTheDocument();
    expect(screen.getByText('Assign permissions to create this role.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Role name/)).toHaveFocus());
    expect(api.callsTo(`POST ${CREATE_ROLE_API}`)).toHaveLength(0);

    const name = screen.getByLabelText(/Role name/);
    await user.type(name, 'Clerk!');
    await user.tab();
    expect(
      await screen.findByText('Invalid characters detected. Use only letters, numbers, spaces, or hyphens.'),
    ).toBeInTheDocument();
    await user.clear(name);
    await user.paste('x'.repeat(61));
    await user.tab();
    expect(await screen.findByText('Role name cannot exceed 60 characters.')).toBeInTheDocument();
    const description = screen.getByLabelText(/Description/);
    await user.click(description);
    await user.paste('d'.repeat(201));
    await user.tab();
    expect(await screen.findByText('Role description cannot exceed 200 characters.')).toBeInTheDocument();
  });

  it('creates the role with the permissions ticked, then says so and returns to the list', async () => {
    const user = userEvent.setup();
    const api = mockRolesApi(undefined, {
      [`POST ${CREATE_ROLE_API}`]: ok({
        message: 'Role Successfully Created',
        role: makeRole({ name: 'AP Clerk 2', userCount: 0 }),
      }),
    });
    renderRoutes(routes, CREATE);
    await user.type(await screen.findByLabelText(/Role name/), '  AP Clerk-2 ');
    await user.type(screen.getByLabelText(/Description/), 'Enters and pays bills');
    await user.click(box('Manage Due Bills'));
    expect(box('View Due Bills')).toBeChecked();
    expect(box('View Due Bills')).toBeDisabled();
    await user.click(box('View Payments Received'));
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Role Successfully Created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: `Roles at ${LIST}` })).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${CREATE_ROLE_API}`)).toEqual([
      {
        name: 'AP Clerk-2',
        description: 'Enters and pays bills',
        permissions: ['PAY_DUE_BILLS.manage', 'PAY_DUE_BILLS.view', 'GET_PAID_PAYMENTS_RECEIVED.view'],
      },
    ]);
  });

  it('marks the name in error and toasts when the name is taken', async () => {
    const user = userEvent.setup();
    mockRolesApi(undefined, {
      [`POST ${CREATE_ROLE_API}`]: fail(409, 'A role with this name already exists.', {
        errorCode: 'ROLE_ALREADY_EXISTS',
        errors: [{ field: 'name', message: 'A role with this name already exists.' }],
      }),
    });
    renderRoutes(routes, CREATE);
    const name = await screen.findByLabelText(/Role name/);
    await user.type(name, 'Bookkeeper');
    await user.type(screen.getByLabelText(/Description/), 'Keeps the books');
    await user.click(box('View Due Bills'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    // Once on the field, once in the toast.
    expect(await screen.findAllByText('A role with this name already exists.')).toHaveLength(2);
    await waitFor(() => expect(name).toHaveFocus());
    expect(screen.getByRole('heading', { level: 1, name: 'Create Role' })).toBeInTheDocument();
  });

  it('shows any other failure, or Something went wrong', async () => {
    const user = userEvent.setup();
    mockRolesApi(undefined, { [`POST ${CREATE_ROLE_API}`]: fail(503, 'Service unavailable') });
    renderRoutes(routes, CREATE);
    await user.type(await screen.findByLabelText(/Role name/), 'Bookkeeper');
    await user.type(screen.getByLabelText(/Description/), 'Keeps the books');
    await user.click(box('Manage Payments'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Role' })).toBeInTheDocument();
  });

  it('is not offered without manage on Roles', async () => {
    mockRolesApi(VIEWER_PERMISSIONS);
    renderRoutes(routes, CREATE);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });
});

describe('Permission grid', () => {
  it('has Manage and View boxes for Full Access and every item of Pay, Get Paid and Settings', async () => {
    mockRolesApi();
    renderRoutes(routes, CREATE);
    await screen.findByLabelText(/Role name/);
    for (const section of PERMISSION_SECTIONS) {
      expect(screen.getByRole('table', { name: section.label })).toBeInTheDocument();
      expect(box(`Manage ${section.label} Full Access`)).not.toBeChecked();
      for (const item of section.items) {
        expect(box(`Manage ${item.label}`)).not.toBeChecked();
        expect(box(`View ${item.label}`)).not.toBeChecked();
      }
    }
  });

  it('toggles by the spec rules: manage locks view, full access covers the section and expands', async () => {
    const user = userEvent.setup();
    mockRolesApi();
    renderRoutes(routes, CREATE);
    await screen.findByLabelText(/Role name/);
    const payItems = PERMISSION_SECTIONS[0]?.items ?? [];

    await user.click(box('Manage Due Bills'));
    expect(box('View Due Bills')).toBeChecked();
    expect(box('View Due Bills')).toBeDisabled();
    await user.click(box('Manage Due Bills'));
    expect(box('View Due Bills')).toBeChecked();
    expect(box('View Due Bills')).toBeEnabled();
    await user.click(box('View Due Bills'));
    expect(box('View Due Bills')).not.toBeChecked();

    // Full access manage: every Pay box ticked, the view boxes locked.
    await user.click(box('Manage Pay Full Access'));
    for (const item of payItems) {
      expect(box(`Manage ${item.label}`)).toBeChecked();
      expect(box(`View ${item.label}`)).toBeChecked();
      expect(box(`View ${item.label}`)).toBeDisabled();
    }
    expect(box('View Pay Full Access')).toBeDisabled();
    // Other sections untouched.
    expect(box('Manage Due Invoices')).not.toBeChecked();

    // Unticking one item while full access is held: the others stay, full access goes.
    await user.click(box('Manage Due Bills'));
    expect(box('Manage Pay Full Access')).not.toBeChecked();
    expect(box('Manage Due Bills')).not.toBeChecked();
    expect(box('View Due Bills')).toBeChecked();
    expect(box('View Due Bills')).toBeEnabled();
    for (const item of payItems.filter((i) => i.label !== 'Due Bills')) {
      expect(box(`Manage ${item.label}`)).toBeChecked();
    }

    // Full access view keeps only view entries of the section.
    await user.click(box('Manage Due Invoices'));
    await user.click(box('View Get Paid Full Access'));
    expect(box('Manage Due Invoices')).not.toBeChecked();
    for (const item of PERMISSION_SECTIONS[1]?.items ?? []) {
      expect(box(`View ${item.label}`)).toBeChecked();
      expect(box(`Manage ${item.label}`)).not.toBeChecked();
    }
  });
});

describe('Edit role', () => {
  it('keeps Save off until something changes, asks to confirm for its users, then saves', async () => {
    const user = userEvent.setup();
    const api = mockRolesApi(undefined, {
      [`GET ${roleApi(CUSTOM_ROLE_ID)}`]: ok(ROLE),
      [`PATCH ${roleApi(CUSTOM_ROLE_ID)}`]: ok({
        message: 'Role Successfully Updated',
        role: makeRole({ description: 'Pays bills too.' }),
      }),
    });
    renderRoutes(routes, EDIT);
    const description = await screen.findByLabelText(/Description/);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Role' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Settings›Roles›Bookkeeper',
    );
    expect(screen.getByLabelText(/Role name/)).toHaveValue('Bookkeeper');
    expect(box('Manage Due Bills')).toBeChecked();
    expect(box('View Manage Vendors')).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    // A change turned back is no change.
    await user.click(box('Manage Payments'));
    expect(save).toBeEnabled();
    await user.click(box('Manage Payments'));
    await user.click(box('View Payments'));
    expect(save).toBeDisabled();

    await user.clear(description);
    await user.type(description, 'Pays bills too.');
    expect(save).toBeEnabled();
    await user.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation required' });
    expect(within(dialog).getByText('This changes what 2 users can do.')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${roleApi(CUSTOM_ROLE_ID)}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Role Successfully Updated')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: `Roles at ${LIST}` })).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${roleApi(CUSTOM_ROLE_ID)}`)).toEqual([
      { name: 'Bookkeeper', description: 'Pays bills too.', permissions: ROLE.permissions },
    ]);
  });

  it('saves a role nobody holds without asking, and needs at least one permission', async () => {
    const user = userEvent.setup();
    const unused = makeRole({ userCount: 0, permissions: ['PAY_PAYMENTS.view'] });
    const api = mockRolesApi(undefined, {
      [`GET ${roleApi(CUSTOM_ROLE_ID)}`]: ok(unused),
      [`PATCH ${roleApi(CUSTOM_ROLE_ID)}`]: ok({ message: '', role: unused }),
    });
    renderRoutes(routes, EDIT);
    await screen.findByLabelText(/Role name/);
    await user.click(box('View Payments'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Assign permissions to modify this role.')).toBeInTheDocument();
    await waitFor(() => expect(box('Manage Pay Full Access')).toHaveFocus());
    expect(api.callsTo(`PATCH ${roleApi(CUSTOM_ROLE_ID)}`)).toHaveLength(0);

    await user.click(box('Manage Payments'));
    expect(screen.queryByText('Assign permissions to modify this role.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Without a message from the server, the spec's own.
    expect(await screen.findByText('Role Successfully Updated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirmation required' })).not.toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${roleApi(CUSTOM_ROLE_ID)}`)).toEqual([
      {
        name: 'Bookkeeper',
        description: ROLE.description,
        permissions: ['PAY_PAYMENTS.manage', 'PAY_PAYMENTS.view'],
      },
    ]);
  });

  it('opens Role cannot be modified when the server refuses, with View Users', async () => {
    const user = userEvent.setup();
    mockRolesApi(undefined, {
      [`GET ${roleApi(CUSTOM_ROLE_ID)}`]: ok(makeRole({ userCount: 0 })),
      [`PATCH ${roleApi(CUSTOM_ROLE_ID)}`]: fail(
        409,
        'This role cannot be modified. Unassign the role from its users first.',
        { errorCode: 'ROLE_CANNOT_BE_MODIFIED' },
      ),
    });
    renderRoutes(routes, EDIT);
    await user.click(await screen.findByRole('checkbox', { name: 'Manage Inbox' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role cannot be modified' });
    expect(
      within(dialog).getByText('This role cannot be modified. Unassign the role from its users first.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: 'View Users' }));
    expect(
      await screen.findByRole('heading', {
        name: `Users at /b/${BUSINESS_ID}/settings/users?roleId=${CUSTOM_ROLE_ID}`,
      }),
    ).toBeInTheDocument();
  });
});

describe('View role', () => {
  it('shows the role read-only with Close and Edit', async () => {
    mockRolesApi(undefined, { [`GET ${roleApi(CUSTOM_ROLE_ID)}`]: ok(ROLE) });
    renderRoutes(routes, VIEW);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookkeeper' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Role name/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Description/)).toHaveAttribute('readonly');
    expect(box('Manage Due Bills')).toBeChecked();
    expect(box('Manage Due Bills')).toBeDisabled();
    expect(box('Manage Inbox')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Close' })).toHaveAttribute('href', LIST);
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', EDIT);
    expect(screen.queryByText('You have only view access')).not.toBeInTheDocument();
  });

  it('without manage on Roles is view only, even at the edit address', async () => {
    const { router } = (() => {
      mockRolesApi(VIEWER_PERMISSIONS, { [`GET ${roleApi(CUSTOM_ROLE_ID)}`]: ok(ROLE) });
      return renderRoutes(routes, EDIT);
    })();
    expect(await screen.findByText('You have only view access')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(VIEW));
    expect(screen.getByLabelText(/Role name/)).toHaveAttribute('readonly');
    expect(box('View Manage Vendors')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Close' })).toBeInTheDocument();
  });

  it('opens a built-in role only to view it', async () => {
    mockRolesApi(undefined, { [`GET ${roleApi(ADMIN_ROLE_ID)}`]: ok(ADMIN_ROLE) });
    const { router } = renderRoutes(routes, `${LIST}/${ADMIN_ROLE_ID}/edit`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/${ADMIN_ROLE_ID}`));
    expect(screen.getByText('Built-in')).toBeInTheDocument();
    expect(screen.getByText('Built-in roles cannot be changed or deleted.')).toBeInTheDocument();
    expect(box('Manage Pay Full Access')).toBeChecked();
    expect(box('Manage Pay Full Access')).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('says when the role cannot be found', async () => {
    mockRolesApi(undefined, { [`GET ${roleApi(CUSTOM_ROLE_ID)}`]: fail(404, 'Role not found.') });
    renderRoutes(routes, VIEW);
    expect(await screen.findByText('Error loading data: Role not found.')).toBeInTheDocument();
  });

  it('without read on Roles shows nothing of the role', async () => {
    const api = mockRolesApi(['PAY_DUE_BILLS.view'], { [`GET ${roleApi(CUSTOM_ROLE_ID)}`]: ok(ROLE) });
    renderRoutes(routes, VIEW);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(`GET ${roleApi(CUSTOM_ROLE_ID)}`)).toHaveLength(0);
  });
});
