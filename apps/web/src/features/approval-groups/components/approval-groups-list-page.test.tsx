import { ACCESS_DENIED_MESSAGE, APPROVAL_MESSAGES, formatDateTime } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, queriesOf } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  ACTIVITY_API,
  ADA,
  ALAN,
  BUSINESS_ID,
  GRACE,
  GROUP_ID,
  GROUPS_API,
  GROUPS_PAGE,
  groupApi,
  groupPage,
  makeGroup,
  mockGroupsApi,
  POLICY_ID,
  VIEWER_PERMISSIONS,
} from '../testing/approval-groups';
import { CREATE_GROUP_READ_ONLY } from '../utils/access';
import { ApprovalGroupsListPage } from './approval-groups-list-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/settings/approval-groups', element: <ApprovalGroupsListPage /> },
  { path: '/b/:businessId/settings/approval-groups/create', element: <Where name="Create group" /> },
  { path: '/b/:businessId/settings/approval-groups/:groupId/edit', element: <Where name="Modify group" /> },
  { path: '/b/:businessId/settings/approval-policies', element: <Where name="Policies" /> },
];

const GROUP = makeGroup();
const lastQuery = (api: ReturnType<typeof mockGroupsApi>) => queriesOf(api, GROUPS_API).at(-1);
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const CREATE = 'Create a New Approval Group';

afterEach(() => {
  notifications.clean();
});

describe('Approval groups list', () => {
  it('shows a skeleton, then each group with its members, the policies using it and its last update', async () => {
    const api = mockGroupsApi(undefined, {
      [`GET ${GROUPS_API}`]: groupPage([
        GROUP,
        makeGroup({
          id: 'd00000000000000000000002',
          name: 'Controllers',
          members: [
            ADA,
            GRACE,
            ALAN,
            { ...ADA, userId: 'e00000000000000000000007', user: { ...ADA.user, firstName: 'Augusta' } },
            { ...GRACE, userId: 'e00000000000000000000008' },
            { ...ALAN, userId: 'e00000000000000000000009' },
          ],
          policies: [{ id: POLICY_ID, name: 'Bills over $10,000' }],
        }),
      ]),
    });
    renderRoutes(routes, GROUPS_PAGE);
    expect(screen.getByRole('heading', { level: 1, name: 'Approval groups' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Loading approval groups')).toBeInTheDocument();
    await screen.findByText('Finance approvers');
    expect(Object.fromEntries(lastQuery(api) ?? [])).toEqual({
      pageNumber: '1',
      pageSize: '10',
      sortBy: 'name',
      sortOrder: 'asc',
    });

    const finance = rowOf('Finance approvers');
    expect(within(finance).getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
    expect(within(finance).getByRole('img', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(within(finance).getByText('2 members')).toBeInTheDocument();
    expect(within(finance).getByText('Not used')).toBeInTheDocument();
    expect(within(finance).getByText(formatDateTime(GROUP.updatedAt))).toBeInTheDocument();

    const controllers = rowOf('Controllers');
    // Four avatars, then '+2' naming the others.
    expect(within(controllers).getByRole('img', { name: 'and Grace Hopper, Alan Turing' })).toHaveTextContent(
      '+2',
    );
    expect(within(controllers).getByText('6 members')).toBeInTheDocument();
    expect(within(controllers).getByText('Bills over $10,000')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: CREATE })).toHaveAttribute('href', `${GROUPS_PAGE}/create`);
    expect(screen.getByRole('link', { name: 'Modify approval group Finance approvers' })).toHaveAttribute(
      'href',
      `${GROUPS_PAGE}/${GROUP_ID}/edit`,
    );
    expect(screen.getByRole('link', { name: 'Approval policies' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/settings/approval-policies`,
    );
  });

  it('shows a read-only member the groups with Create disabled and saying why', async () => {
    const user = userEvent.setup();
    mockGroupsApi(VIEWER_PERMISSIONS, { [`GET ${GROUPS_API}`]: groupPage([GROUP]) });
    renderRoutes(routes, GROUPS_PAGE);
    await screen.findByText('Finance approvers');
    expect(screen.queryByRole('link', { name: CREATE })).not.toBeInTheDocument();
    const create = screen.getByRole('button', { name: CREATE });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveAccessibleDescription(CREATE_GROUP_READ_ONLY);
    // Hovered again until the tooltip shows: once in a CI run the first hover opened nothing within 5 s
    // (a worker shared with other files, on a loaded machine).
    await waitFor(async () => {
      await user.unhover(create);
      await user.hover(create);
      expect(await screen.findByRole('tooltip', {}, { timeout: 1000 })).toHaveTextContent(
        CREATE_GROUP_READ_ONLY,
      );
    });
    await user.click(create);
    expect(screen.getByRole('heading', { level: 1, name: 'Approval groups' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete approval group/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Modify approval group/ })).not.toBeInTheDocument();
  });

  it('without read on payment approvals says the role does not allow it and asks for nothing', async () => {
    const api = mockGroupsApi(['PAY_DUE_BILLS.manage'], { [`GET ${GROUPS_API}`]: groupPage([GROUP]) });
    renderRoutes(routes, GROUPS_PAGE);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(`GET ${GROUPS_API}`)).toHaveLength(0);
  });

  it('shows the empty state with the create call', async () => {
    mockGroupsApi(undefined, { [`GET ${GROUPS_API}`]: groupPage([]) });
    renderRoutes(routes, GROUPS_PAGE);
    expect(await screen.findByText('No approval groups yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: CREATE })).toHaveLength(2);
  });

  it('says why the list did not load, and loads it again', async () => {
    const user = userEvent.setup();
    const api = mockGroupsApi(undefined, { [`GET ${GROUPS_API}`]: fail(500, 'Service unavailable') });
    renderRoutes(routes, GROUPS_PAGE);
    expect(await screen.findByText('Error loading data: Service unavailable')).toBeInTheDocument();
    api.handlers[`GET ${GROUPS_API}`] = groupPage([GROUP]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Finance approvers')).toBeInTheDocument();
  });

  it('pages with sizes 10, 20 and 30 only past 10 groups, sorts and searches on the server', async () => {
    const user = userEvent.setup();
    const groups = Array.from({ length: 10 }, (_, i) =>
      makeGroup({ id: `d${String(i).padStart(23, '0')}`, name: `Group ${String.fromCharCode(65 + i)}` }),
    );
    const api = mockGroupsApi(undefined, { [`GET ${GROUPS_API}`]: groupPage(groups, 25) });
    renderRoutes(routes, GROUPS_PAGE);
    const pager = await screen.findByRole('navigation', { name: 'Approval groups pagination' });
    expect(within(pager).getByText('1-10 of 25')).toBeInTheDocument();
    expect(
      within(within(pager).getByLabelText('Rows per page'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '30']);
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(api)?.get('pageNumber')).toBe('2'));

    await user.click(screen.getByRole('button', { name: 'Sort by last updated' }));
    await waitFor(() => expect(lastQuery(api)?.get('sortBy')).toBe('updatedAt'));
    expect(lastQuery(api)?.get('sortOrder')).toBe('desc');
    expect(lastQuery(api)?.get('pageNumber')).toBe('1');

    await user.type(screen.getByRole('textbox', { name: 'Search approval groups' }), 'fin');
    await waitFor(() => expect(lastQuery(api)?.get('searchBy')).toBe('fin'));

    api.handlers[`GET ${GROUPS_API}`] = groupPage(groups.slice(0, 3));
    await user.type(screen.getByRole('textbox', { name: 'Search approval groups' }), 'x');
    await waitFor(() => expect(lastQuery(api)?.get('searchBy')).toBe('finx'));
    await waitFor(() =>
      expect(
        screen.queryByRole('navigation', { name: 'Approval groups pagination' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('deletes a group after confirmation and says so', async () => {
    const user = userEvent.setup();
    let groups = [GROUP];
    const api = mockGroupsApi(undefined, {
      [`GET ${GROUPS_API}`]: () => groupPage(groups),
      [`DELETE ${groupApi(GROUP_ID)}`]: () => {
        groups = [];
        return ok({ id: GROUP_ID }, { message: APPROVAL_MESSAGES.groupDeleted });
      },
    });
    renderRoutes(routes, GROUPS_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Delete approval group Finance approvers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete approval group' });
    expect(dialog).toHaveTextContent('Delete the approval group “Finance approvers”?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`DELETE ${groupApi(GROUP_ID)}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete approval group Finance approvers' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete approval group' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(APPROVAL_MESSAGES.groupDeleted)).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${groupApi(GROUP_ID)}`)).toHaveLength(1);
    expect(await screen.findByText('No approval groups yet')).toBeInTheDocument();
  });

  it('shows the server message when it refuses the delete (409 APPROVAL_GROUP_IN_POLICY)', async () => {
    const user = userEvent.setup();
    mockGroupsApi(undefined, {
      [`GET ${GROUPS_API}`]: groupPage([GROUP]),
      [`DELETE ${groupApi(GROUP_ID)}`]: fail(409, APPROVAL_MESSAGES.groupInPolicy, {
        errorCode: 'APPROVAL_GROUP_IN_POLICY',
      }),
    });
    renderRoutes(routes, GROUPS_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Delete approval group Finance approvers' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete approval group' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(APPROVAL_MESSAGES.groupInPolicy)).toBeInTheDocument();
    expect(screen.getByText('Finance approvers')).toBeInTheDocument();
  });

  it('says at once that a group a policy uses cannot be deleted, and leads to the policies', async () => {
    const user = userEvent.setup();
    const api = mockGroupsApi(undefined, {
      [`GET ${GROUPS_API}`]: groupPage([makeGroup({ policies: [{ id: POLICY_ID, name: 'Big bills' }] })]),
    });
    renderRoutes(routes, GROUPS_PAGE);
    await user.click(await screen.findByRole('button', { name: 'Delete approval group Finance approvers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Group in use' });
    expect(dialog).toHaveTextContent(APPROVAL_MESSAGES.groupInPolicy);
    expect(within(dialog).getByText('Big bills')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: 'View Policies' }));
    expect(
      await screen.findByRole('heading', {
        name: `Policies at /b/${BUSINESS_ID}/settings/approval-policies`,
      }),
    ).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${groupApi(GROUP_ID)}`)).toHaveLength(0);
  });

  it('lists the activity log: when, who, what, and the members added and removed', async () => {
    const user = userEvent.setup();
    const api = mockGroupsApi(undefined, {
      [`GET ${GROUPS_API}`]: groupPage([GROUP]),
      [`GET ${ACTIVITY_API}`]: ok({
        items: [
          {
            id: 'log-2',
            entityType: 'approval_groups',
            entityId: GROUP_ID,
            action: 'APPROVAL_GROUP_UPDATED',
            label: 'Approval group Finance approvers modified',
            actor: { type: 'USER', name: 'Ada Lovelace', performedByName: 'Ada Lovelace' },
            remarks: null,
            createdAt: '2026-11-21T10:30:00.000Z',
            metadata: {
              oldData: { name: 'Finance', description: 'x', members: ['Ada Lovelace', 'Alan Turing'] },
              newData: {
                name: 'Finance approvers',
                description: 'x',
                members: ['Ada Lovelace', 'Grace Hopper'],
              },
            },
          },
          {
            id: 'log-1',
            entityType: 'approval_groups',
            entityId: GROUP_ID,
            action: 'APPROVAL_GROUP_CREATED',
            label: 'Approval group Finance created',
            actor: { type: 'USER', name: 'Grace Hopper' },
            remarks: null,
            createdAt: '2026-11-20T09:00:00.000Z',
            metadata: {
              oldData: null,
              newData: { name: 'Finance', members: ['Ada Lovelace', 'Alan Turing'] },
            },
          },
        ],
        total: 2,
        pageNumber: 1,
        pageSize: 10,
      }),
    });
    renderRoutes(routes, GROUPS_PAGE);
    await screen.findByText('Finance approvers');
    await user.click(screen.getByRole('button', { name: 'Activity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approval group activity' });
    const table = await within(dialog).findByRole('table', { name: 'Approval group activity' });
    const [, updated, created] = within(table).getAllByRole('row');
    expect(updated).toHaveTextContent(formatDateTime('2026-11-21T10:30:00.000Z'));
    expect(updated).toHaveTextContent('Ada Lovelace');
    expect(updated).toHaveTextContent('Approval group Finance approvers modified');
    expect(updated).toHaveTextContent('Renamed from “Finance” to “Finance approvers”');
    expect(updated).toHaveTextContent('Added: Grace Hopper');
    expect(updated).toHaveTextContent('Removed: Alan Turing');
    expect(created).toHaveTextContent('Grace Hopper');
    expect(created).toHaveTextContent('Members: Ada Lovelace and Alan Turing');
    const query = queriesOf(api, ACTIVITY_API).at(-1);
    expect(query?.get('entity')).toBe('approval_groups');
    expect(query?.get('pageNumber')).toBe('1');
    expect(query?.get('pageSize')).toBe('10');
  });
});
