import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, queriesOf } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { makePendingMember, makeTeamMember, mockPracticeApi, teamPage } from '../testing/practice';
import { TeamMembersPage } from './team-members-page';

const routes: RouteObject[] = [{ path: '/team-members', element: <TeamMembersPage /> }];
const accountant = makeUserProfile({ userType: 'ACCOUNTANT' });
const JOAN = makeTeamMember();
const DILLY = makePendingMember();

type User = ReturnType<typeof userEvent.setup>;

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

/** Opens a row's menu (jsdom never ends Mantine's fade-in, so its items count as hidden). */
const openActions = async (user: User, name: string) => {
  const button = within(await rowOf(name)).getByRole('button', { name: `Actions for ${name}` });
  await user.click(button);
  // The menu this button opened (another row's may still be closing).
  return waitFor(() => {
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!menu) throw new Error('No menu');
    return menu;
  });
};

const errorOf = (label: string) => {
  const input = screen.getByLabelText(label, { exact: false, selector: 'input' });
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
};

beforeEach(() => signInAs(accountant));

describe('Team members (/team-members)', () => {
  it('lists the team with status and dates, and filters by status', async () => {
    const user = userEvent.setup();
    const api = mockPracticeApi({
      'GET /user': ok(accountant),
      'GET /practice-members': teamPage([JOAN, DILLY]),
    });
    renderRoutes(routes, '/team-members');
    expect(await screen.findByRole('heading', { name: 'Team Members' })).toBeInTheDocument();
    const joan = await rowOf('Joan Clarke');
    expect(within(joan).getByText('Active')).toBeInTheDocument();
    expect(within(joan).getByText('Joined')).toBeInTheDocument();
    expect(within(await rowOf('Dilly Knox')).getByText('Pending')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Pending' }));
    await waitFor(() =>
      expect(Object.fromEntries(queriesOf(api, '/practice-members').at(-1) ?? [])).toEqual({
        pageNumber: '1',
        pageSize: '10',
        status: 'PENDING',
      }),
    );
  });

  it('invites a team member: name of at least 3 characters and a valid email', async () => {
    const user = userEvent.setup();
    const api = mockPracticeApi({
      'GET /user': ok(accountant),
      'GET /practice-members': teamPage([JOAN]),
      'POST /practice-members/send-invite': ok(DILLY, { status: 201 }),
    });
    renderRoutes(routes, '/team-members');
    await rowOf('Joan Clarke');
    await user.click(screen.getByRole('button', { name: 'Invite Team Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Team Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Jo');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'dilly@');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo('POST /practice-members/send-invite')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Dilly  Knox');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'harbor.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf('POST /practice-members/send-invite')).toEqual([
      { name: 'Dilly Knox', email: 'dilly@harbor.test' },
    ]);
  });

  it('shows a refused email under the email field', async () => {
    const user = userEvent.setup();
    mockPracticeApi({
      'GET /user': ok(accountant),
      'GET /practice-members': teamPage([JOAN]),
      'POST /practice-members/send-invite': fail(409, 'This person is already on your team.', {
        errors: [{ field: 'email', message: 'This person is already on your team.' }],
      }),
    });
    renderRoutes(routes, '/team-members');
    await rowOf('Joan Clarke');
    await user.click(screen.getByRole('button', { name: 'Invite Team Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Team Member' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Joan Clarke');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'joan@harbor.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(errorOf('Email')).toContain('This person is already on your team.'));
  });

  it('resends and edits a pending invitation', async () => {
    const user = userEvent.setup();
    const api = mockPracticeApi({
      'GET /user': ok(accountant),
      'GET /practice-members': teamPage([JOAN, DILLY]),
      [`POST /practice-members/${DILLY.invitationId}/resend-invite`]: ok(DILLY),
      [`PATCH /practice-members/invitation/${DILLY.invitationId}`]: ok(DILLY),
    });
    renderRoutes(routes, '/team-members');
    // An active member has no invitation to resend or edit.
    const joanMenu = await openActions(user, 'Joan Clarke');
    expect(
      within(joanMenu).queryByRole('menuitem', { name: 'Resend invitation', hidden: true }),
    ).not.toBeInTheDocument();
    expect(
      within(joanMenu).queryByRole('menuitem', { name: 'Edit invitation', hidden: true }),
    ).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    let menu = await openActions(user, 'Dilly Knox');
    await user.click(within(menu).getByRole('menuitem', { name: 'Resend invitation', hidden: true }));
    expect(await screen.findByText('Invitation sent again.')).toBeInTheDocument();
    expect(api.callsTo(`POST /practice-members/${DILLY.invitationId}/resend-invite`)).toHaveLength(1);

    menu = await openActions(user, 'Dilly Knox');
    await user.click(within(menu).getByRole('menuitem', { name: 'Edit invitation', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit invitation' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue('dilly@harbor.test');
    await user.clear(email);
    await user.type(email, 'dillwyn@harbor.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invitation updated.')).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH /practice-members/invitation/${DILLY.invitationId}`)).toEqual([
      { name: 'Dilly Knox', email: 'dillwyn@harbor.test' },
    ]);
  });

  it('removes an active member after a confirmation that explains the lost access', async () => {
    const user = userEvent.setup();
    const api = mockPracticeApi({
      'GET /user': ok(accountant),
      'GET /practice-members': teamPage([JOAN]),
      [`DELETE /practice-members/${JOAN.id}`]: ok(null),
    });
    renderRoutes(routes, '/team-members');
    const menu = await openActions(user, 'Joan Clarke');
    await user.click(within(menu).getByRole('menuitem', { name: 'Remove', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove team member?' });
    expect(dialog).toHaveTextContent(
      'Joan Clarke leaves your practice and loses access to every client business you added them to.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Team member removed.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /practice-members/${JOAN.id}`)).toHaveLength(1);
  });

  it('invites from the empty state', async () => {
    mockPracticeApi({ 'GET /user': ok(accountant), 'GET /practice-members': teamPage([]) });
    renderRoutes(routes, '/team-members');
    expect(await screen.findByText('No team members yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Invite Team Member' })).toHaveLength(2);
  });

  it('asks an accountant without a practice to set it up', async () => {
    const api = mockPracticeApi({ 'GET /user': ok(accountant), 'GET /practice': ok(null) });
    renderRoutes(routes, '/team-members');
    expect(await screen.findByRole('link', { name: 'Set up practice' })).toHaveAttribute(
      'href',
      '/onboard/practice',
    );
    expect(screen.queryByRole('button', { name: 'Invite Team Member' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /practice-members')).toHaveLength(0);
  });

  it('shows the not-allowed state to anyone but an accountant', async () => {
    const owner = makeUserProfile();
    signInAs(owner);
    const api = mockPracticeApi({ 'GET /user': ok(owner) });
    renderRoutes(routes, '/team-members');
    expect(await screen.findByText(/Only accountants can run a practice\./)).toBeInTheDocument();
    expect(api.callsTo('GET /practice')).toHaveLength(0);
    expect(api.callsTo('GET /practice-members')).toHaveLength(0);
  });

  it("says 'Error loading data: {message}' when the team fails to load", async () => {
    mockPracticeApi({
      'GET /user': ok(accountant),
      'GET /practice-members': fail(503, 'Down for maintenance'),
    });
    renderRoutes(routes, '/team-members');
    expect(await screen.findByText('Error loading data: Down for maintenance')).toBeInTheDocument();
  });
});
