import {
  type ApprovalDelegation,
  addCalendarMonths,
  type BusinessUser,
  formatDate,
  newYorkDate,
} from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { fail, type MockHandler, ok, queriesOf } from '@/testing/mock-api';
import { openOptionList } from '@/testing/select';
import { renderRoutes } from '@/testing/test-utils';
import { API, APPROVED_API, BUSINESS_ID, OVERVIEW, OVERVIEW_API, UNAPPROVED_API } from '../testing/approvals';
import { DELEGATION_TEXT } from '../utils/delegation';
import { APPROVALS_EMPTY, ApprovalsPage } from './approvals-page';

const PAGE = `/b/${BUSINESS_ID}/bills/approvals`;
const routes: RouteObject[] = [{ path: '/b/:businessId/bills/approvals', element: <ApprovalsPage /> }];
const DELEGATION_API = `${API}/approval-delegation`;
const USERS_API = `${API}/users`;
const DELEGATE_MESSAGE = 'Choose another member of this business who can approve bills.';

const APPROVER = makeTestBusiness({ role: 'Approver', permissions: ['PAY_APPROVE_AND_PAY_BILLS.manage'] });
const VIEWER = makeTestBusiness({ role: 'Viewer', permissions: ['PAY_APPROVE_AND_PAY_BILLS.view'] });

const MAYA_ID = 'e00000000000000000000011';
const SAM_ID = 'e00000000000000000000012';
const SELF_ID = 'e00000000000000000000013';

const member = (
  userId: string | null,
  firstName: string,
  lastName: string,
  overrides: Partial<BusinessUser> = {},
): BusinessUser => ({
  id: userId ?? 'e000000000000000000000ff',
  userId,
  mappingId: null,
  user: { firstName, lastName, email: `${firstName.toLowerCase()}@harbor.test` },
  roleId: 'a00000000000000000000001',
  roleDetails: { id: 'a00000000000000000000001', name: 'Approver', description: '', isBuiltIn: false },
  userType: 'SME_OWNER',
  activeStatus: 'ACTIVE',
  status: 'ACTIVE',
  isCurrentUser: false,
  isPracticeMember: false,
  invitedAt: null,
  invitationExpiresAt: null,
  joinedAt: '2026-10-02T14:05:00.000Z',
  ...overrides,
});

/** Who may approve bills: Maya and Sam, the signed-in member, and an invitation not yet accepted. */
const ELIGIBLE = [
  member(MAYA_ID, 'Maya', 'Okafor'),
  member(SAM_ID, 'Sam', 'Reyes'),
  member(SELF_ID, 'Ada', 'Lovelace', { isCurrentUser: true }),
  member(null, 'Ivy', 'Invited', { status: 'PENDING' }),
];

const today = newYorkDate(new Date());
const nextMonth = addCalendarMonths(today, 1);

const makeDelegation = (overrides: Partial<ApprovalDelegation> = {}): ApprovalDelegation => ({
  delegate: { id: MAYA_ID, name: 'Maya Okafor' },
  startsOn: '2026-11-30',
  endsOn: '2026-12-04',
  isActive: true,
  ...overrides,
});

const page = (items: unknown[]) => ok({ items, total: items.length, pageNumber: 1, pageSize: 100 });

const setup = (handlers: Record<string, MockHandler> = {}, business = APPROVER) =>
  mockBusinessApi(business, {
    [`GET ${OVERVIEW_API}`]: ok(OVERVIEW),
    [`GET ${UNAPPROVED_API}`]: ok({ items: [], total: 0, pageNumber: 1, pageSize: 10 }),
    [`GET ${APPROVED_API}`]: ok({ items: [], total: 0, pageNumber: 1, pageSize: 10 }),
    [`GET ${DELEGATION_API}`]: ok(null),
    [`GET ${USERS_API}`]: page(ELIGIBLE),
    ...handlers,
  });

const card = () => screen.findByRole('region', { name: DELEGATION_TEXT.title });

const openDialog = async (user: ReturnType<typeof userEvent.setup>, button: string, title: string) => {
  await user.click(await within(await card()).findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: title });
  // The member list has loaded once the select is enabled.
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Delegate/ })).toBeEnabled());
  return dialog;
};

/** Picks a member in the dialog's Delegate select (an option reads the name, then the email and role). */
const chooseDelegate = async (
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  name: RegExp,
) => {
  const list = await openOptionList(user, within(dialog).getByRole('combobox', { name: /Delegate/ }));
  await user.click(within(list).getByRole('option', { name, hidden: true }));
};

describe('Away from work? (approval delegation)', () => {
  afterEach(() => notifications.clean());

  it('names a delegate: only other members who can approve, From today, Until picked, then the delegation', async () => {
    const user = userEvent.setup();
    const saved = makeDelegation({ startsOn: today, endsOn: today, isActive: true });
    const api = setup({ [`PUT ${DELEGATION_API}`]: ok(saved, { message: 'Delegation saved.' }) });
    renderRoutes(routes, PAGE);

    const region = await card();
    expect(await within(region).findByText(DELEGATION_TEXT.explanation)).toBeInTheDocument();
    const dialog = await openDialog(user, 'Name a delegate', 'Name a delegate');
    expect(Object.fromEntries(queriesOf(api, USERS_API)[0] ?? [])).toMatchObject({
      billApprovalPermissions: 'true',
      pageSize: '100',
    });

    const list = await openOptionList(user, within(dialog).getByRole('combobox', { name: /Delegate/ }));
    const names = within(list)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent);
    expect(names).toEqual(['Maya Okaformaya@harbor.test · Approver', 'Sam Reyessam@harbor.test · Approver']);
    await user.click(within(list).getByRole('option', { name: /Maya Okafor/, hidden: true }));

    const from = within(dialog).getByRole('button', { name: /From/ });
    expect(from).toHaveTextContent(formatDate(today));
    await user.click(within(dialog).getByRole('button', { name: /Until/ }));
    await user.click(await screen.findByRole('button', { name: formatDate(today) }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Delegation saved.')).toBeInTheDocument();
    expect(api.bodiesOf(`PUT ${DELEGATION_API}`)).toEqual([
      { delegateUserId: MAYA_ID, startsOn: today, endsOn: today },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(region).getByText(
        `Maya Okafor approves for you from ${formatDate(today)} to ${formatDate(today)}`,
      ),
    ).toBeInTheDocument();
    expect(within(region).getByText('Active')).toBeInTheDocument();
  });

  it('checks the form with the shared schema before saving', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderRoutes(routes, PAGE);
    const dialog = await openDialog(user, 'Name a delegate', 'Name a delegate');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(DELEGATION_TEXT.chooseDelegate)).toBeInTheDocument();
    expect(within(dialog).getByText('Choose an end date.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Delegate/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Delegate/ })).toHaveFocus());
    expect(api.callsTo(`PUT ${DELEGATION_API}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal of the delegate on the Delegate field, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const api = setup({
      [`PUT ${DELEGATION_API}`]: fail(422, DELEGATE_MESSAGE, {
        errorCode: 'UNPROCESSABLE',
        errors: [{ field: 'delegateUserId', message: DELEGATE_MESSAGE }],
      }),
    });
    renderRoutes(routes, PAGE);
    const dialog = await openDialog(user, 'Name a delegate', 'Name a delegate');
    await chooseDelegate(user, dialog, /Sam Reyes/);
    await user.click(within(dialog).getByRole('button', { name: /Until/ }));
    await user.click(await screen.findByRole('button', { name: formatDate(today) }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const delegate = within(dialog).getByRole('combobox', { name: /Delegate/ });
    await waitFor(() => expect(delegate).toHaveAttribute('aria-invalid', 'true'));
    expect(delegate).toHaveAccessibleDescription(expect.stringContaining(DELEGATE_MESSAGE));
    expect(api.bodiesOf(`PUT ${DELEGATION_API}`)).toEqual([
      { delegateUserId: SAM_ID, startsOn: today, endsOn: today },
    ]);
    expect(screen.getByRole('dialog', { name: 'Name a delegate' })).toBeInTheDocument();
    expect(screen.queryByText('Delegation saved.')).not.toBeInTheDocument();
  });

  it('shows the delegation with its dates and badge, and changes the delegate', async () => {
    const user = userEvent.setup();
    const scheduled = makeDelegation({ startsOn: nextMonth, endsOn: nextMonth, isActive: false });
    const changed = { ...scheduled, delegate: { id: SAM_ID, name: 'Sam Reyes' } };
    const api = setup({
      [`GET ${DELEGATION_API}`]: ok(makeDelegation()),
      [`PUT ${DELEGATION_API}`]: ok(changed, { message: 'Delegation saved.' }),
    });
    renderRoutes(routes, PAGE);
    const region = await card();
    expect(
      await within(region).findByText('Maya Okafor approves for you from Nov 30, 2026 to Dec 4, 2026'),
    ).toBeInTheDocument();
    expect(within(region).getByText('Active')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Name a delegate' })).not.toBeInTheDocument();

    const dialog = await openDialog(user, 'Change', DELEGATION_TEXT.changeTitle);
    expect(within(dialog).getByRole('combobox', { name: /Delegate/ })).toHaveValue('Maya Okafor');
    expect(within(dialog).getByRole('button', { name: /From/ })).toHaveTextContent('Nov 30, 2026');
    expect(within(dialog).getByRole('button', { name: /Until/ })).toHaveTextContent('Dec 4, 2026');
    await chooseDelegate(user, dialog, /Sam Reyes/);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Delegation saved.')).toBeInTheDocument();
    expect(api.bodiesOf(`PUT ${DELEGATION_API}`)).toEqual([
      { delegateUserId: SAM_ID, startsOn: '2026-11-30', endsOn: '2026-12-04' },
    ]);
    expect(
      await within(region).findByText(
        `Sam Reyes approves for you from ${formatDate(nextMonth)} to ${formatDate(nextMonth)}`,
      ),
    ).toBeInTheDocument();
    expect(within(region).getByText('Scheduled')).toBeInTheDocument();
  });

  it('ends the delegation after a confirm', async () => {
    const user = userEvent.setup();
    const api = setup({
      [`GET ${DELEGATION_API}`]: ok(makeDelegation()),
      [`DELETE ${DELEGATION_API}`]: ok(null, { message: 'Delegation ended.' }),
    });
    renderRoutes(routes, PAGE);
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'End delegation' }));
    const dialog = await screen.findByRole('dialog', { name: 'End delegation' });
    expect(
      within(dialog).getByText(
        'End your delegation to Maya Okafor? From now on, payments awaiting your approval wait for you.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE ${DELEGATION_API}`)).toHaveLength(0);

    await user.click(within(region).getByRole('button', { name: 'End delegation' }));
    const again = await screen.findByRole('dialog', { name: 'End delegation' });
    await user.click(within(again).getByRole('button', { name: 'End delegation' }));
    expect(await screen.findByText('Delegation ended.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${DELEGATION_API}`)).toHaveLength(1);
    expect(await within(region).findByText(DELEGATION_TEXT.explanation)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Name a delegate' })).toBeInTheDocument();
  });

  it('keeps the confirm open with the failure when ending fails', async () => {
    const user = userEvent.setup();
    setup({
      [`GET ${DELEGATION_API}`]: ok(makeDelegation()),
      [`DELETE ${DELEGATION_API}`]: fail(503, 'Service unavailable. Please try again.'),
    });
    renderRoutes(routes, PAGE);
    await user.click(await within(await card()).findByRole('button', { name: 'End delegation' }));
    const dialog = await screen.findByRole('dialog', { name: 'End delegation' });
    await user.click(within(dialog).getByRole('button', { name: 'End delegation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Service unavailable. Please try again.',
    );
    expect(screen.queryByText('Delegation ended.')).not.toBeInTheDocument();
  });

  it('says when a delegation has ended (past its Until day)', async () => {
    setup({
      [`GET ${DELEGATION_API}`]: ok(
        makeDelegation({ startsOn: '2020-01-06', endsOn: '2020-01-10', isActive: false }),
      ),
    });
    renderRoutes(routes, PAGE);
    const region = await card();
    expect(
      await within(region).findByText('Maya Okafor approved for you from Jan 6, 2020 to Jan 10, 2020'),
    ).toBeInTheDocument();
    expect(within(region).getByText('Ended')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Name a delegate' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'End delegation' })).not.toBeInTheDocument();
  });

  it('shows a load failure with Try again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    setup({
      [`GET ${DELEGATION_API}`]: () => {
        calls += 1;
        return calls === 1 ? fail(500, 'Something went wrong.') : ok(null);
      },
    });
    renderRoutes(routes, PAGE);
    const region = await card();
    expect(await within(region).findByRole('alert')).toHaveTextContent('Error loading data');
    await user.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText(DELEGATION_TEXT.explanation)).toBeInTheDocument();
  });

  it('is not offered to a member who cannot approve', async () => {
    const api = setup({}, VIEWER);
    renderRoutes(routes, PAGE);
    expect(await screen.findByText(APPROVALS_EMPTY['awaiting-you'])).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: DELEGATION_TEXT.title })).not.toBeInTheDocument();
    expect(api.callsTo(`GET ${DELEGATION_API}`)).toHaveLength(0);
  });
});
