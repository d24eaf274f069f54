import { ACCESS_DENIED_MESSAGE } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTestBusiness } from '@/testing/businesses';
import { fail, ok, queriesOf } from '@/testing/mock-api';
import { chooseOption } from '@/testing/select';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  BUSINESS_ID,
  CLERK_ROLE_ID,
  ME,
  makeInvitation,
  makeMember,
  makeViewerBusiness,
  mockUsersApi,
  USERS_API,
  USERS_PAGE,
  usersPage,
} from '../testing/users';
import { UsersListPage } from './users-list-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/settings/users', element: <UsersListPage /> },
  { path: '/b/:businessId/settings/users/add', element: <Where name="Add user" /> },
  { path: '/b/:businessId/settings/users/:userId/edit', element: <Where name="Change role" /> },
];

const GRACE = makeMember();
const ALAN = makeInvitation();
const LONG = makeMember({
  id: 'b00000000000000000000009',
  userId: 'b00000000000000000000009',
  user: {
    firstName: 'Maximiliana',
    lastName: 'Featherstonehaugh-Smythe',
    email: 'maximiliana.featherstonehaugh@example-company.test',
  },
});

const lastQuery = (api: ReturnType<typeof mockUsersApi>) =>
  Object.fromEntries(queriesOf(api, USERS_API).at(-1) ?? []);

const rowOf = async (name: string) => {
  const cell = await screen.findByText(name);
  return cell.closest('tr') as HTMLElement;
};

/** Opens a row's actions menu and waits for its items to show. */
const openActions = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  // Mantine's menu fades in; jsdom never finishes the transition, so its items count as hidden.
  const button = within(await rowOf(name)).getByRole('button', { name: `Actions for ${name}` });
  await user.click(button);
  // The menu this button opened (another row's may still be closing).
  return waitFor(() => {
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!menu) throw new Error('No menu');
    return menu;
  });
};

describe('Users list', () => {
  it('lists members and invitations with role, status and date, and asks for invitations too', async () => {
    const api = mockUsersApi(makeTestBusiness(), { [`GET ${USERS_API}`]: usersPage([ME, GRACE, ALAN]) });
    renderRoutes(routes, USERS_PAGE);
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    const grace = await rowOf('Grace Hopper');
    expect(within(grace).getByText('grace@acme.test')).toBeInTheDocument();
    expect(within(grace).getByText('Bills clerk')).toBeInTheDocument();
    expect(within(grace).getByText('Active')).toBeInTheDocument();
    expect(within(grace).getByText('Joined')).toBeInTheDocument();
    expect(within(grace).getByText(/^Oct 02, 2026 \d\d:\d\d$/)).toBeInTheDocument();
    const alan = await rowOf('Alan Turing');
    expect(within(alan).getByText('Pending')).toBeInTheDocument();
    expect(within(alan).getByText('Invited')).toBeInTheDocument();
    expect(within(await rowOf('Ada Lovelace')).getByText('You')).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({
      pageNumber: '1',
      pageSize: '10',
      sortBy: 'name',
      sortOrder: 'asc',
      invitations: 'true',
    });
    expect(screen.getByRole('link', { name: 'Add User' })).toHaveAttribute('href', `${USERS_PAGE}/add`);
    // Ten rows or fewer: no pager.
    expect(screen.queryByRole('navigation', { name: 'Users pagination' })).not.toBeInTheDocument();
  });

  it('cuts names and emails over 30 characters, with the whole text for the tooltip', async () => {
    mockUsersApi(makeTestBusiness(), { [`GET ${USERS_API}`]: usersPage([LONG]) });
    renderRoutes(routes, USERS_PAGE);
    const name = await screen.findByLabelText('Maximiliana Featherstonehaugh-Smythe');
    expect(name).toHaveTextContent('Maximiliana Featherstonehaugh-…');
    expect(screen.getByLabelText('maximiliana.featherstonehaugh@example-company.test')).toHaveTextContent(
      'maximiliana.featherstonehaugh@…',
    );
  });

  it('pages with 10, 20 or 30 rows when there are more than 10, with the range text', async () => {
    const user = userEvent.setup();
    const api = mockUsersApi(makeTestBusiness(), {
      [`GET ${USERS_API}`]: ({ path }) => {
        void path;
        const query = queriesOf(api, USERS_API).at(-1);
        const pageNumber = Number(query?.get('pageNumber') ?? 1);
        return usersPage([GRACE], 25, pageNumber, Number(query?.get('pageSize') ?? 10));
      },
    });
    renderRoutes(routes, USERS_PAGE);
    const pager = await screen.findByRole('navigation', { name: 'Users pagination' });
    expect(within(pager).getByText('1-10 of 25')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(api).pageNumber).toBe('2'));
    expect(await screen.findByText('11-20 of 25')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Rows per page'), '30');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ pageNumber: '1', pageSize: '30' }));
  });

  it('filters by status and search, and sorts by a column, each from the first page', async () => {
    const user = userEvent.setup();
    const api = mockUsersApi(makeTestBusiness(), { [`GET ${USERS_API}`]: usersPage([GRACE, ALAN]) });
    renderRoutes(routes, USERS_PAGE);
    await rowOf('Grace Hopper');
    await user.click(screen.getByRole('radio', { name: 'Pending' }));
    await waitFor(() => expect(lastQuery(api).status).toBe('PENDING'));
    await user.click(screen.getByRole('radio', { name: 'Expired' }));
    await waitFor(() => expect(lastQuery(api).status).toBe('EXPIRED'));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(lastQuery(api).status).toBeUndefined());

    const search = screen.getByRole('searchbox', { name: 'Search users' });
    expect(search).toHaveAttribute('maxLength', '50');
    await user.type(search, '  grace ');
    await waitFor(() => expect(lastQuery(api).searchBy).toBe('grace'));

    await user.click(screen.getByRole('button', { name: 'Sort by role' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sortBy: 'role', sortOrder: 'desc' }));
  });

  it('filters by the role of the link (?roleId=) and clears it', async () => {
    const user = userEvent.setup();
    const api = mockUsersApi(makeTestBusiness(), { [`GET ${USERS_API}`]: usersPage([GRACE]) });
    const { router } = renderRoutes(routes, `${USERS_PAGE}?roleId=${CLERK_ROLE_ID}`);
    await rowOf('Grace Hopper');
    expect(lastQuery(api).roleId).toBe(CLERK_ROLE_ID);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Filter by role' })).toHaveValue('Bills clerk'),
    );
    await chooseOption(user, screen.getByRole('combobox', { name: 'Filter by role' }), 'Admin');
    await waitFor(() => expect(router.state.location.search).toBe('?roleId=a00000000000000000000001'));
    await waitFor(() => expect(lastQuery(api).roleId).toBe('a00000000000000000000001'));
  });

  it('ignores a roleId that is not an id', async () => {
    const api = mockUsersApi(makeTestBusiness(), { [`GET ${USERS_API}`]: usersPage([GRACE]) });
    renderRoutes(routes, `${USERS_PAGE}?roleId=%00nope`);
    await rowOf('Grace Hopper');
    expect(lastQuery(api).roleId).toBeUndefined();
  });

  it('offers Change role and Remove on a member, and nothing on yourself', async () => {
    const user = userEvent.setup();
    mockUsersApi(makeTestBusiness(), { [`GET ${USERS_API}`]: usersPage([ME, GRACE]) });
    renderRoutes(routes, USERS_PAGE);
    const me = await rowOf('Ada Lovelace');
    expect(within(me).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    const menu = await openActions(user, 'Grace Hopper');
    expect(await within(menu).findByRole('menuitem', { name: 'Change role', hidden: true })).toHaveAttribute(
      'href',
      `${USERS_PAGE}/${GRACE.id}/edit`,
    );
    expect(within(menu).getByRole('menuitem', { name: 'Remove', hidden: true })).toBeInTheDocument();
    expect(
      within(menu).queryByRole('menuitem', { name: 'Resend invitation', hidden: true }),
    ).not.toBeInTheDocument();
  });

  it('removes a member after confirmation, with a toast, and reloads the list', async () => {
    const user = userEvent.setup();
    let users = [ME, GRACE];
    const api = mockUsersApi(makeTestBusiness(), {
      [`GET ${USERS_API}`]: () => usersPage(users),
      [`DELETE ${USERS_API}/${GRACE.id}`]: () => {
        users = [ME];
        return ok(null, { message: 'User removed from the business.' });
      },
    });
    renderRoutes(routes, USERS_PAGE);
    await user.click(
      within(await openActions(user, 'Grace Hopper')).getByRole('menuitem', { name: 'Remove', hidden: true }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove user?' });
    expect(dialog).toHaveTextContent('Grace Hopper will lose access to this business at once.');
    // Cancel first: nothing is removed.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE ${USERS_API}/${GRACE.id}`)).toHaveLength(0);

    await user.click(
      within(await openActions(user, 'Grace Hopper')).getByRole('menuitem', { name: 'Remove', hidden: true }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove user?' })).getByRole('button', {
        name: 'Remove user',
      }),
    );
    expect(await screen.findByText('User removed from the business.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${USERS_API}/${GRACE.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument());
  });

  it('toasts the refusal of a removal (last Admin)', async () => {
    const user = userEvent.setup();
    mockUsersApi(makeTestBusiness(), {
      [`GET ${USERS_API}`]: usersPage([GRACE]),
      [`DELETE ${USERS_API}/${GRACE.id}`]: fail(409, 'A business must keep at least one Admin.', {
        errorCode: 'LAST_ADMIN',
      }),
    });
    renderRoutes(routes, USERS_PAGE);
    await user.click(
      within(await openActions(user, 'Grace Hopper')).getByRole('menuitem', { name: 'Remove', hidden: true }),
    );
    await user.click(await screen.findByRole('button', { name: 'Remove user' }));
    expect(await screen.findByText('A business must keep at least one Admin.')).toBeInTheDocument();
  });

  it('resends and revokes a pending invitation', async () => {
    const user = userEvent.setup();
    const api = mockUsersApi(makeTestBusiness(), {
      [`GET ${USERS_API}`]: usersPage([ALAN]),
      [`POST /business/${BUSINESS_ID}/user/mapping/${ALAN.mappingId}/resend-invite`]: ok(
        makeInvitation({ mappingId: 'c00000000000000000000002', id: 'c00000000000000000000002' }),
      ),
      [`DELETE ${USERS_API}/${ALAN.id}`]: ok(null),
    });
    renderRoutes(routes, USERS_PAGE);
    let menu = await openActions(user, 'Alan Turing');
    expect(within(menu).queryByRole('menuitem', { name: 'Remove', hidden: true })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Resend invitation', hidden: true }));
    expect(await screen.findByText('Invitation sent again.')).toBeInTheDocument();
    expect(
      api.callsTo(`POST /business/${BUSINESS_ID}/user/mapping/${ALAN.mappingId}/resend-invite`),
    ).toHaveLength(1);

    menu = await openActions(user, 'Alan Turing');
    await user.click(within(menu).getByRole('menuitem', { name: 'Revoke invitation', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke invitation?' });
    expect(dialog).toHaveTextContent('alan@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    expect(await screen.findByText('Invitation revoked.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${USERS_API}/${ALAN.id}`)).toHaveLength(1);
  });

  it('shows the list without Add User or row actions to a member who may only view', async () => {
    mockUsersApi(makeViewerBusiness(), { [`GET ${USERS_API}`]: usersPage([GRACE]) });
    renderRoutes(routes, USERS_PAGE);
    await rowOf('Grace Hopper');
    expect(screen.queryByRole('link', { name: 'Add User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('shows the not-allowed state without read on Users', async () => {
    const api = mockUsersApi(makeTestBusiness({ role: 'Clerk', permissions: ['PAY_DUE_BILLS.manage'] }));
    renderRoutes(routes, USERS_PAGE);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(`GET ${USERS_API}`)).toHaveLength(0);
  });

  it("says 'Error loading data: {message}' when the list fails, and tries again", async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockUsersApi(makeTestBusiness(), {
      [`GET ${USERS_API}`]: () => {
        calls += 1;
        return calls === 1 ? fail(503, 'Service unavailable') : usersPage([GRACE]);
      },
    });
    renderRoutes(routes, USERS_PAGE);
    expect(await screen.findByText('Error loading data: Service unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
  });

  it('says so when no one matches', async () => {
    mockUsersApi(makeTestBusiness(), { [`GET ${USERS_API}`]: usersPage([]) });
    renderRoutes(routes, USERS_PAGE);
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
  });
});
