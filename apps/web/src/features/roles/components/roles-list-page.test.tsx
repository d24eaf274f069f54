import { ACCESS_DENIED_MESSAGE, formatDateTime } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_AREAS } from '@/config/areas';
import { fail, ok, queriesOf } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  ADMIN_ROLE,
  BUSINESS_ID,
  CUSTOM_ROLE_ID,
  makeRole,
  mockRolesApi,
  READ_ONLY_ROLE,
  ROLES_API,
  roleApi,
  rolePage,
  VIEWER_PERMISSIONS,
} from '../testing/roles';
import { RolesListPage } from './roles-list-page';

const LIST = `/b/${BUSINESS_ID}/settings/roles`;
const routes: RouteObject[] = [
  { path: '/b/:businessId/settings/roles', element: <RolesListPage /> },
  { path: '/b/:businessId/settings/roles/create', element: <Where name="Create role" /> },
  { path: '/b/:businessId/settings/roles/:roleId', element: <Where name="Role" /> },
  { path: '/b/:businessId/settings/roles/:roleId/edit', element: <Where name="Edit role" /> },
  { path: '/b/:businessId/settings/users', element: <Where name="Users" /> },
];

const CUSTOM = makeRole({ description: 'Enters the bills of every vendor and keeps them current.' });
const lastQuery = (api: ReturnType<typeof mockRolesApi>) => queriesOf(api, ROLES_API).at(-1);
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

// The users-list links (View Users, the number of users) need the Users area.
const usersLive = LIVE_AREAS.users;
beforeEach(() => {
  LIVE_AREAS.users = true;
});
afterEach(() => {
  LIVE_AREAS.users = usersLive;
  notifications.clean();
});

describe('Roles list', () => {
  it('shows a skeleton, then the roles with their badge, description, users and last update', async () => {
    const api = mockRolesApi(undefined, {
      [`GET ${ROLES_API}`]: rolePage([ADMIN_ROLE, CUSTOM, READ_ONLY_ROLE]),
    });
    renderRoutes(routes, LIST);
    expect(screen.getByRole('heading', { level: 1, name: 'Roles' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Loading roles')).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Bookkeeper' });
    expect(Object.fromEntries(lastQuery(api) ?? [])).toEqual({
      pageNumber: '1',
      pageSize: '10',
      sortBy: 'name',
      sortOrder: 'asc',
    });

    const admin = rowOf('Admin');
    expect(within(admin).getByText('Built-in')).toBeInTheDocument();
    expect(within(rowOf('Read-only')).getByText('Built-in')).toBeInTheDocument();
    const custom = rowOf('Bookkeeper');
    expect(within(custom).queryByText('Built-in')).not.toBeInTheDocument();
    // Over 30 characters: the first 30 and an ellipsis, the whole text for screen readers and the tooltip.
    expect(within(custom).getByLabelText(CUSTOM.description)).toHaveTextContent(
      'Enters the bills of every vend…',
    );
    expect(within(custom).getByRole('link', { name: '2 users with the role Bookkeeper' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/settings/users?roleId=${CUSTOM_ROLE_ID}`,
    );
    expect(within(custom).getByText(formatDateTime(CUSTOM.updatedAt))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Role' })).toHaveAttribute('href', `${LIST}/create`);
  });

  it('offers View for every role, and Edit and Delete only for custom roles', async () => {
    mockRolesApi(undefined, { [`GET ${ROLES_API}`]: rolePage([ADMIN_ROLE, CUSTOM, READ_ONLY_ROLE]) });
    renderRoutes(routes, LIST);
    await screen.findByRole('link', { name: 'Bookkeeper' });
    for (const name of ['Admin', 'Read-only']) {
      expect(screen.getByRole('link', { name: `View role ${name}` })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: `Edit role ${name}` })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: `Delete role ${name}` })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'View role Bookkeeper' })).toHaveAttribute(
      'href',
      `${LIST}/${CUSTOM_ROLE_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Edit role Bookkeeper' })).toHaveAttribute(
      'href',
      `${LIST}/${CUSTOM_ROLE_ID}/edit`,
    );
    expect(screen.getByRole('button', { name: 'Delete role Bookkeeper' })).toBeInTheDocument();
  });

  it('without manage on Roles shows the roles to view only', async () => {
    mockRolesApi(VIEWER_PERMISSIONS, { [`GET ${ROLES_API}`]: rolePage([ADMIN_ROLE, CUSTOM]) });
    renderRoutes(routes, LIST);
    await screen.findByRole('link', { name: 'Bookkeeper' });
    expect(screen.getByRole('link', { name: 'View role Bookkeeper' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit role Bookkeeper' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete role Bookkeeper' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Role' })).not.toBeInTheDocument();
  });

  it('without read on Roles says the role does not allow it and asks for nothing', async () => {
    const api = mockRolesApi(['PAY_DUE_BILLS.manage'], { [`GET ${ROLES_API}`]: rolePage([CUSTOM]) });
    renderRoutes(routes, LIST);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(`GET ${ROLES_API}`)).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Create Role' })).not.toBeInTheDocument();
  });

  it('says why the list did not load', async () => {
    mockRolesApi(undefined, { [`GET ${ROLES_API}`]: fail(500, 'Service unavailable') });
    renderRoutes(routes, LIST);
    expect(await screen.findByText('Error loading data: Service unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows no pager for 10 roles or fewer', async () => {
    const roles = Array.from({ length: 10 }, (_, i) =>
      makeRole({ id: `c${String(i).padStart(23, '0')}`, name: `Role ${String.fromCharCode(65 + i)}` }),
    );
    mockRolesApi(undefined, { [`GET ${ROLES_API}`]: rolePage(roles, 10) });
    renderRoutes(routes, LIST);
    await screen.findByRole('link', { name: 'Role A' });
    expect(screen.queryByRole('navigation', { name: 'Roles pagination' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Rows per page')).not.toBeInTheDocument();
  });

  it('pages on the server with sizes 10, 20 and 30 and x-y of total when there are more than 10', async () => {
    const user = userEvent.setup();
    const roles = Array.from({ length: 10 }, (_, i) =>
      makeRole({ id: `c${String(i).padStart(23, '0')}`, name: `Role ${String.fromCharCode(65 + i)}` }),
    );
    const api = mockRolesApi(undefined, { [`GET ${ROLES_API}`]: rolePage(roles, 25) });
    renderRoutes(routes, LIST);
    const pager = await screen.findByRole('navigation', { name: 'Roles pagination' });
    expect(within(pager).getByText('1-10 of 25')).toBeInTheDocument();
    const select = within(pager).getByLabelText('Rows per page');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '30']);
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(api)?.get('pageNumber')).toBe('2'));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '20');
    await waitFor(() => expect(lastQuery(api)?.get('pageSize')).toBe('20'));
    expect(lastQuery(api)?.get('pageNumber')).toBe('1');
  });

  it('sorts on the server by name and by last update', async () => {
    const user = userEvent.setup();
    const api = mockRolesApi(undefined, { [`GET ${ROLES_API}`]: rolePage([CUSTOM]) });
    renderRoutes(routes, LIST);
    await user.click(await screen.findByRole('button', { name: 'Sort by name, ascending' }));
    await waitFor(() => expect(lastQuery(api)?.get('sortOrder')).toBe('desc'));
    expect(lastQuery(api)?.get('sortBy')).toBe('name');
    await user.click(screen.getByRole('button', { name: 'Sort by last updated' }));
    await waitFor(() => expect(lastQuery(api)?.get('sortBy')).toBe('updatedAt'));
    expect(lastQuery(api)?.get('sortOrder')).toBe('desc');
  });

  it('deletes a role nobody holds after confirmation', async () => {
    const user = userEvent.setup();
    const unused = makeRole({ userCount: 0 });
    let roles = [unused];
    const api = mockRolesApi(undefined, {
      [`GET ${ROLES_API}`]: () => rolePage(roles),
      [`DELETE ${roleApi(CUSTOM_ROLE_ID)}`]: () => {
        roles = [];
        return ok(null, { message: 'Role deleted.' });
      },
    });
    renderRoutes(routes, LIST);
    await user.click(await screen.findByRole('button', { name: 'Delete role Bookkeeper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete role' });
    expect(within(dialog).getByText(/Delete the role “Bookkeeper”\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`DELETE ${roleApi(CUSTOM_ROLE_ID)}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete role Bookkeeper' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete role' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Role deleted.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${roleApi(CUSTOM_ROLE_ID)}`)).toHaveLength(1);
    expect(await screen.findByText('No roles yet')).toBeInTheDocument();
  });

  it('steps back a page when a delete empties the last one', async () => {
    const user = userEvent.setup();
    const firstPage = Array.from({ length: 10 }, (_, i) =>
      makeRole({ id: `c${String(i).padStart(23, '0')}`, name: `Role ${String.fromCharCode(65 + i)}` }),
    );
    const last = makeRole({ name: 'Zeta', userCount: 0 });
    let total = 11;
    const api = mockRolesApi(undefined, {
      [`GET ${ROLES_API}`]: () => {
        // The call being answered is already recorded: its page is the last one asked for.
        const pageNumber = Number(lastQuery(api)?.get('pageNumber') ?? '1');
        if (pageNumber === 1) return rolePage(firstPage, total);
        return rolePage(total > 10 ? [last] : [], total, pageNumber);
      },
      [`DELETE ${roleApi(CUSTOM_ROLE_ID)}`]: () => {
        total = 10;
        return ok({ id: CUSTOM_ROLE_ID });
      },
    });
    renderRoutes(routes, LIST);
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await user.click(await screen.findByRole('button', { name: 'Delete role Zeta' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete role' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByRole('link', { name: 'Role A' })).toBeInTheDocument();
    expect(lastQuery(api)?.get('pageNumber')).toBe('1');
  });

  it('opens Role cannot be modified for a role that users hold, with View Users and Close', async () => {
    const user = userEvent.setup();
    const api = mockRolesApi(undefined, { [`GET ${ROLES_API}`]: rolePage([CUSTOM]) });
    renderRoutes(routes, LIST);
    await user.click(await screen.findByRole('button', { name: 'Delete role Bookkeeper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role cannot be modified' });
    expect(within(dialog).getByText(/Unassign the role from its users first/)).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${roleApi(CUSTOM_ROLE_ID)}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('link', { name: 'View Users' }));
    expect(
      await screen.findByRole('heading', {
        name: `Users at /b/${BUSINESS_ID}/settings/users?roleId=${CUSTOM_ROLE_ID}`,
      }),
    ).toBeInTheDocument();
  });

  it('opens Role cannot be modified when the server refuses the delete', async () => {
    const user = userEvent.setup();
    mockRolesApi(undefined, {
      [`GET ${ROLES_API}`]: rolePage([makeRole({ userCount: 0 })]),
      [`DELETE ${roleApi(CUSTOM_ROLE_ID)}`]: fail(
        409,
        'This role cannot be modified. Unassign the role from its users first.',
        { errorCode: 'ROLE_CANNOT_BE_MODIFIED' },
      ),
    });
    renderRoutes(routes, LIST);
    await user.click(await screen.findByRole('button', { name: 'Delete role Bookkeeper' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete role' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Role cannot be modified' });
    expect(within(dialog).getByRole('link', { name: 'View Users' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/settings/users?roleId=${CUSTOM_ROLE_ID}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Role cannot be modified' })).not.toBeInTheDocument(),
    );
  });
});
