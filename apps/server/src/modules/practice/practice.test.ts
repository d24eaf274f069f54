import {
  BUSINESS_MESSAGES,
  EDGE_WHITESPACE_MESSAGE,
  EMAIL_MESSAGES,
  PRACTICE_MESSAGES,
  SETTINGS_API_MESSAGES,
  TEXT_MESSAGES,
} from '@ferry/domain/schemas';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { addBusinessMember, makeBusiness, makeUser, signIn } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { businessMembers } from '../businesses/tables.js';
import { roles } from '../roles/tables.js';
import { users } from '../users/tables.js';
import { practiceMembers, practices } from './tables.js';

const t = useTestApp();

type Headers = Record<string, string>;

let addresses = 0;
/** Each call from an address of its own: the per-client limits of the invitation calls do not add up here. */
const api = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers?: Headers,
  payload?: object,
) => {
  addresses += 1;
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers,
    remoteAddress: `10.17.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`,
    ...(payload ? { payload } : {}),
  });
};

const FIRM = { practiceFirmName: 'Ledger & Co. Accountants', clientRange: 'FIFTEEN_TO_FIFTY' };

let sequence = 0;
const uniqueEmail = (who: string) => {
  sequence += 1;
  return `${who}.${sequence}.${Date.now().toString(36)}@acme-accounting.com`;
};

/** An accountant (signed in) with their practice set up through the API. */
async function makeAccountant(firmName = FIRM.practiceFirmName) {
  const user = await makeUser(t.context, { userType: 'ACCOUNTANT', firstName: 'Avery', lastName: 'Stone' });
  const headers = await signIn(t.context, user);
  const res = await api('POST', '/practice', headers, { ...FIRM, practiceFirmName: firmName });
  expect(res.statusCode, res.body).toBe(201);
  return { user, headers, practice: res.json().data as { id: string; practiceFirmName: string } };
}

async function invite(headers: Headers, name: string, email: string) {
  return api('POST', '/practice-members/send-invite', headers, { name, email });
}

async function invited(headers: Headers, name: string, email: string) {
  const res = await invite(headers, name, email);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; invitationId: string; status: string };
}

async function mailsTo(email: string) {
  const res = await api('GET', `/dev/outbox?to=${encodeURIComponent(email)}&pageSize=100`);
  return res.json().data.items as { subject: string; text: string; html: string }[];
}

const tokenOf = (text: string) => /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

/** The link tokens mailed to an address (every one). */
async function tokensTo(email: string): Promise<string[]> {
  return (await mailsTo(email)).map((m) => tokenOf(m.text)).filter((x): x is string => Boolean(x));
}

/** The one token mailed to `email` that is not among `known`. */
async function newTokenTo(email: string, known: string[] = []): Promise<string> {
  const fresh = (await tokensTo(email)).filter((token) => !known.includes(token));
  expect(fresh).toHaveLength(1);
  return fresh[0] as string;
}

const openLink = (token: string) =>
  api('POST', `/auth/invitation/verify/${token}`, undefined, { recaptchaToken: 'test-token' });

const accept = (headers: Headers, invitationId: string) =>
  api('POST', `/auth/invitation/${invitationId}/accept`, headers);

/** A new person opens the link (an account is made for them) and accepts: their headers and user id. */
async function acceptAsNewPerson(token: string) {
  const opened = await openLink(token);
  expect(opened.statusCode, opened.body).toBe(200);
  const view = opened.json().data;
  const headers = { authorization: `Bearer ${view.token}`, 'session-id': view.sessionId };
  const accepted = await accept(headers, view.invitationId);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const me = await api('GET', '/user', headers);
  return { headers, userId: me.json().data.id as string, view, accepted: accepted.json().data };
}

const listTeam = async (headers: Headers, query = '') => {
  const res = await api('GET', `/practice-members${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    items: {
      id: string;
      status: string;
      invitationId: string | null;
      user: { id: string | null; email: string; firstName: string; lastName: string };
      isInBusiness?: boolean;
    }[];
    total: number;
  };
};

describe('POST /practice and GET /practice', () => {
  it('sets up the practice of an accountant once, and answers it', async () => {
    const user = await makeUser(t.context, { userType: 'ACCOUNTANT' });
    const headers = await signIn(t.context, user);
    const none = await api('GET', '/practice', headers);
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toBeNull();

    const created = await api('POST', '/practice', headers, FIRM);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('Practice created.');
    expect(created.json().data).toMatchObject({ ...FIRM, ownerUserId: user.id, isOwner: true });

    const got = await api('GET', '/practice', headers);
    expect(got.json().data).toEqual(created.json().data);

    const again = await api('POST', '/practice', headers, { ...FIRM, practiceFirmName: 'Second Firm' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SETTINGS_API_MESSAGES.practiceExists);
  });

  it('lets only one of two concurrent set-ups through', async () => {
    const user = await makeUser(t.context, { userType: 'ACCOUNTANT' });
    const headers = await signIn(t.context, user);
    const answers = await Promise.all([
      api('POST', '/practice', headers, FIRM),
      api('POST', '/practice', headers, { ...FIRM, practiceFirmName: 'Other Firm' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(practices).where(eq(practices.ownerUserId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses anyone who is not an accountant (403)', async () => {
    for (const userType of ['SME_OWNER', 'PRACTICE_MEMBER', null]) {
      const headers = await signIn(t.context, await makeUser(t.context, { userType }));
      const res = await api('POST', '/practice', headers, FIRM);
      expect(res.statusCode, String(userType)).toBe(403);
      expect(res.json().message).toBe(SETTINGS_API_MESSAGES.notAccountant);
    }
    expect((await api('POST', '/practice', undefined, FIRM)).statusCode).toBe(401);
  });

  it("checks the firm name and the number of clients with the spec's messages (spec 001 §5)", async () => {
    const headers = await signIn(t.context, await makeUser(t.context, { userType: 'ACCOUNTANT' }));
    const cases: [object, string][] = [
      [{ practiceFirmName: '' }, PRACTICE_MESSAGES.firmNameRequired],
      [{ practiceFirmName: '   ' }, PRACTICE_MESSAGES.firmNameRequired],
      [{ practiceFirmName: 'Ab' }, PRACTICE_MESSAGES.firmNameTooShort],
      [{ practiceFirmName: 'A'.repeat(51) }, PRACTICE_MESSAGES.firmNameTooLong],
      [{ practiceFirmName: '12345' }, PRACTICE_MESSAGES.firmNameNumeric],
      [{ practiceFirmName: '12 34 56' }, PRACTICE_MESSAGES.firmNameNumeric],
      [{ practiceFirmName: 'Ledger <b>Co</b>' }, BUSINESS_MESSAGES.invalidCharacters],
      [{ practiceFirmName: ' Ledger Co' }, EDGE_WHITESPACE_MESSAGE],
      [{ clientRange: '' }, PRACTICE_MESSAGES.clientRangeRequired],
      [{ clientRange: 'MANY' }, PRACTICE_MESSAGES.clientRangeRequired],
      [{ clientRange: undefined }, PRACTICE_MESSAGES.clientRangeRequired],
      [{ practiceFirmName: 'Ledger\u0000Co' }, TEXT_MESSAGES.invalidCharacter],
    ];
    for (const [change, message] of cases) {
      const res = await api('POST', '/practice', headers, { ...FIRM, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors[0].message, JSON.stringify(change)).toBe(message);
    }
    expect((await api('GET', '/practice', headers)).json().data).toBeNull();
    const fine = await api('POST', '/practice', headers, {
      practiceFirmName: 'A1 Tax',
      clientRange: 'ZERO_TO_FIVE',
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('refuses PRACTICE_MEMBER as an account type choice (it comes only from an invitation)', async () => {
    const user = await makeUser(t.context, { userType: null });
    const headers = await signIn(t.context, user);
    const refused = await api('PATCH', '/user', headers, { userType: 'PRACTICE_MEMBER' });
    expect(refused.statusCode).toBe(400);
    const me = await api('GET', '/user', headers);
    expect(me.json().data.userType).toBeNull();
    const chosen = await api('PATCH', '/user', headers, { userType: 'ACCOUNTANT' });
    expect(chosen.statusCode).toBe(200);
    expect((await api('GET', '/user', headers)).json().data.userType).toBe('ACCOUNTANT');
  });
});

describe('team invitations', () => {
  it('invites by email: a pending member, a PRACTICE invitation and an email naming the practice and the accountant', async () => {
    const { headers, practice, user } = await makeAccountant('Stone Bookkeeping LLC');
    const email = uniqueEmail('jordan');
    const res = await invite(headers, '  Jordan   Lee  Parker ', email.toUpperCase());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(SETTINGS_API_MESSAGES.teamInviteSent);
    const member = res.json().data;
    expect(member).toMatchObject({
      user: { id: null, firstName: 'Jordan', lastName: 'Lee Parker', email },
      status: 'PENDING',
      joinedAt: null,
    });
    expect(member.invitationId).toMatch(/^[0-9a-f]{24}$/);

    const [mail, ...others] = await mailsTo(email);
    expect(others).toHaveLength(0);
    expect(mail?.subject).toBe('Avery Stone invited you to join Stone Bookkeeping LLC on Ferry');
    expect(mail?.text).toContain('Hi Jordan,');
    expect(mail?.text).toMatch(/\/accept-invitation\?token=[A-Za-z0-9_-]{40,}/);
    expect(mail?.text).toMatch(/go to http:\/\/localhost(:\d+)?\/go and enter the code [A-Z2-9]{8}\./);
    expect(mail?.html).toContain('Stone Bookkeeping LLC');

    // The link opens the invitation: the practice, who sent it, the account type it gives.
    const opened = await openLink(tokenOf(mail?.text ?? '') ?? '');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toMatchObject({
      invitationId: member.invitationId,
      invitationType: 'PRACTICE',
      requiresPassword: true,
      invitationData: {
        practiceName: 'Stone Bookkeeping LLC',
        inviteSentByName: `${user.firstName} ${user.lastName}`,
        userType: 'PRACTICE_MEMBER',
        sentToUserFirstName: 'Jordan',
        sentToUserLastName: 'Lee Parker',
        businessId: null,
        email,
      },
    });
    expect(practice.practiceFirmName).toBe('Stone Bookkeeping LLC');
  });

  it("checks the invite with the spec's messages, refuses the owner's own email and a second invite", async () => {
    const { headers, user } = await makeAccountant();
    const email = uniqueEmail('sam');
    const cases: [object, string, string][] = [
      [{ name: '', email }, 'name', 'Name is required'],
      [{ name: '   ', email }, 'name', 'Name is required'],
      [{ name: 'Jo', email }, 'name', 'Name must be at least 3 characters'],
      [{ name: ' Jo ', email }, 'name', 'Name must be at least 3 characters'],
      [{ name: 'J'.repeat(51), email }, 'name', 'Name cannot exceed 50 characters'],
      [{ email }, 'name', 'Name is required'],
      [{ name: 'Sam Reed', email: '' }, 'email', EMAIL_MESSAGES.required],
      [{ name: 'Sam Reed', email: 'not-an-email' }, 'email', EMAIL_MESSAGES.invalid],
      [{ name: 'Sam Reed', email: 'sam@mailinator.com' }, 'email', EMAIL_MESSAGES.disposable],
      [{ name: 'Sam Reed' }, 'email', EMAIL_MESSAGES.required],
      [
        { name: 'Sam Reed', email: user.email.toUpperCase() },
        'email',
        SETTINGS_API_MESSAGES.teamInviteYourself,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await api('POST', '/practice-members/send-invite', headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0], JSON.stringify(body)).toEqual({ field, message });
    }
    expect((await listTeam(headers)).total).toBe(0);

    await invited(headers, 'Sam Reed', email);
    const twice = await invite(headers, 'Samuel Reed', ` ${email.toUpperCase()} `);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual([
      { field: 'email', message: SETTINGS_API_MESSAGES.teamMemberExists },
    ]);
    // Concurrent invites of one new email: the unique index lets one through.
    const racing = uniqueEmail('race');
    const answers = await Promise.all([
      invite(headers, 'Race One', racing),
      invite(headers, 'Race Two', racing),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await tokensTo(racing)).toHaveLength(1);
    expect((await listTeam(headers)).total).toBe(2);
  });

  it('resends: the old link stops working, a new one is mailed (once a minute)', async () => {
    const { headers } = await makeAccountant();
    const email = uniqueEmail('riley');
    const member = await invited(headers, 'Riley Chen', email);
    const first = await newTokenTo(email);

    const tooSoon = await api('POST', `/practice-members/${member.invitationId}/resend-invite`, headers);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe(SETTINGS_API_MESSAGES.teamInviteTooSoon);

    t.clock.advance(61_000);
    const resent = await api('POST', `/practice-members/${member.invitationId}/resend-invite`, headers);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().message).toBe(SETTINGS_API_MESSAGES.invitationResent);
    const fresh = resent.json().data;
    expect(fresh).toMatchObject({ id: member.id, status: 'PENDING' });
    expect(fresh.invitationId).not.toBe(member.invitationId);

    expect((await openLink(first)).statusCode).toBe(404);
    const second = await newTokenTo(email, [first]);
    const opened = await openLink(second);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.invitationId).toBe(fresh.invitationId);
    // The replaced invitation id is no longer the member's: resending it again is 404.
    t.clock.advance(61_000);
    const stale = await api('POST', `/practice-members/${member.invitationId}/resend-invite`, headers);
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toBe(SETTINGS_API_MESSAGES.invitationNotFound);
  });

  it('shows an expired invitation as EXPIRED, refuses its link, and a resend revives it', async () => {
    const { user: owner } = await makeAccountant();
    let headers = await signIn(t.context, owner);
    const email = uniqueEmail('expiring');
    const member = await invited(headers, 'Kim Patel', email);
    const token = await newTokenTo(email);
    const opened = await openLink(token);
    const invitee = opened.json().data.invitationData.sentToUserId as string;

    t.clock.advance((t.context.config.INVITATION_TTL_HOURS * 60 + 1) * 60_000);
    expect((await openLink(token)).statusCode).toBe(404);
    // Signed in afresh (the first session has timed out too), the invitee still cannot accept.
    const inviteeHeaders = await signIn(t.context, { id: invitee });
    headers = await signIn(t.context, owner);
    expect((await accept(inviteeHeaders, member.invitationId)).statusCode).toBe(404);
    const team = await listTeam(headers);
    expect(team.items.map((m) => m.status)).toEqual(['EXPIRED']);
    expect((await listTeam(headers, '?status=EXPIRED')).total).toBe(1);
    expect((await listTeam(headers, '?status=PENDING')).total).toBe(0);

    const resent = await api('POST', `/practice-members/${member.invitationId}/resend-invite`, headers);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.status).toBe('PENDING');
    expect((await listTeam(headers, '?status=PENDING')).total).toBe(1);
    const fresh = await newTokenTo(email, [token]);
    const { accepted } = await acceptAsNewPerson(fresh);
    expect(accepted.redirectTo).toBe('/no-business');
  });

  it('edits a pending invitation: a new name keeps the link, a new email replaces it', async () => {
    const { headers } = await makeAccountant();
    const email = uniqueEmail('morgan');
    const member = await invited(headers, 'Morgan Diaz', email);
    const url = `/practice-members/invitation/${member.invitationId}`;

    const unchanged = await api('PATCH', url, headers, { name: 'Morgan  Diaz', email: email.toUpperCase() });
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().message).toBe(SETTINGS_API_MESSAGES.noChanges);
    const short = await api('PATCH', url, headers, { name: 'Mo', email });
    expect(short.json().errors[0]).toEqual({ field: 'name', message: 'Name must be at least 3 characters' });

    const renamed = await api('PATCH', url, headers, { name: 'Morgan Ruiz Diaz', email });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().message).toBe(SETTINGS_API_MESSAGES.teamInviteUpdated);
    expect(renamed.json().data).toMatchObject({
      invitationId: member.invitationId,
      user: { firstName: 'Morgan', lastName: 'Ruiz Diaz', email },
    });
    const token = await newTokenTo(email);
    const view = (await openLink(token)).json().data;
    expect(view.invitationData).toMatchObject({
      sentToUserFirstName: 'Morgan',
      sentToUserLastName: 'Ruiz Diaz',
    });

    // Another member's email, or the owner's own: refused on the email field.
    const other = uniqueEmail('other');
    await invited(headers, 'Other Person', other);
    const clash = await api('PATCH', url, headers, { name: 'Morgan Diaz', email: other });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual([
      { field: 'email', message: SETTINGS_API_MESSAGES.teamMemberExists },
    ]);

    const moved = uniqueEmail('morgan.new');
    const changed = await api('PATCH', url, headers, { name: 'Morgan Diaz', email: moved });
    expect(changed.statusCode, changed.body).toBe(200);
    const now = changed.json().data;
    expect(now).toMatchObject({ id: member.id, status: 'PENDING', user: { email: moved, lastName: 'Diaz' } });
    expect(now.invitationId).not.toBe(member.invitationId);
    expect((await openLink(token)).statusCode).toBe(404);
    const movedToken = await newTokenTo(moved);
    const { view: movedView } = await acceptAsNewPerson(movedToken);
    expect(movedView.invitationData.email).toBe(moved);
    // The old invitation id is gone; an accepted one cannot be edited.
    expect((await api('PATCH', url, headers, { name: 'Morgan Diaz', email: moved })).statusCode).toBe(404);
    const acceptedUrl = `/practice-members/invitation/${now.invitationId}`;
    expect(
      (await api('PATCH', acceptedUrl, headers, { name: 'Morgan Q Diaz', email: moved })).statusCode,
    ).toBe(404);
  });

  it('removes a pending member: their link stops working and the email can be invited again', async () => {
    const { headers } = await makeAccountant();
    const email = uniqueEmail('pending');
    const member = await invited(headers, 'Pat Pending', email);
    const token = await newTokenTo(email);
    const removed = await api('DELETE', `/practice-members/${member.id}`, headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      message: SETTINGS_API_MESSAGES.teamMemberRemoved,
      data: { id: member.id, status: 'PENDING', user: { email }, removedFromBusinessIds: [] },
    });
    expect((await openLink(token)).statusCode).toBe(404);
    expect((await listTeam(headers)).total).toBe(0);
    expect((await api('DELETE', `/practice-members/${member.id}`, headers)).statusCode).toBe(404);
    await invited(headers, 'Pat Pending', email);
  });
});

describe('accepting a practice invitation', () => {
  it('a new person: signs up from the link, joins the team as PRACTICE_MEMBER and lands on /no-business', async () => {
    const { headers, practice, user: owner } = await makeAccountant('Harbor Tax Partners');
    const email = uniqueEmail('newbie');
    const member = await invited(headers, 'Noa Fields', email);
    const token = await newTokenTo(email);
    const { headers: memberHeaders, userId, accepted } = await acceptAsNewPerson(token);
    expect(accepted).toEqual({ invitationType: 'PRACTICE', businessId: null, redirectTo: '/no-business' });

    const me = (await api('GET', '/user', memberHeaders)).json().data;
    expect(me).toMatchObject({ userType: 'PRACTICE_MEMBER', email, firstName: 'Noa', lastName: 'Fields' });
    const theirs = await api('GET', '/practice', memberHeaders);
    expect(theirs.json().data).toMatchObject({
      id: practice.id,
      practiceFirmName: 'Harbor Tax Partners',
      ownerUserId: owner.id,
      isOwner: false,
    });
    // A team member cannot manage the team.
    expect((await api('GET', '/practice-members', memberHeaders)).statusCode).toBe(403);
    expect((await api('DELETE', `/practice-members/${member.id}`, memberHeaders)).statusCode).toBe(403);

    const team = await listTeam(headers);
    expect(team.items).toEqual([
      expect.objectContaining({
        id: member.id,
        status: 'ACTIVE',
        invitationId: null,
        user: { id: userId, firstName: 'Noa', lastName: 'Fields', email },
      }),
    ]);
    expect((await listTeam(headers, '?status=ACTIVE')).total).toBe(1);
    expect((await listTeam(headers, '?status=PENDING')).total).toBe(0);

    // Replayed: neither the link nor the accept works again, and nothing changes.
    expect((await openLink(token)).statusCode).toBe(404);
    expect((await accept(memberHeaders, member.invitationId)).statusCode).toBe(404);
    // Resending or editing an accepted invitation: 404.
    t.clock.advance(61_000);
    expect(
      (await api('POST', `/practice-members/${member.invitationId}/resend-invite`, headers)).statusCode,
    ).toBe(404);
  });

  it('an existing user signs in and accepts; their account type stays (SME owner, accountant)', async () => {
    const { headers } = await makeAccountant();
    for (const userType of ['SME_OWNER', 'ACCOUNTANT']) {
      const existing = await makeUser(t.context, {
        userType,
        email: uniqueEmail(userType.toLowerCase()),
        password: 'Harbor-Crossing-2026!',
      });
      const member = await invited(headers, 'Existing Person', existing.email);
      const token = await newTokenTo(existing.email);
      const opened = await openLink(token);
      expect(opened.json().data).toMatchObject({ requiresSignIn: true, requiresPassword: false });
      expect(opened.json().data.token).toBeUndefined();
      // Someone else cannot accept it.
      const stranger = await signIn(t.context, await makeUser(t.context));
      expect((await accept(stranger, member.invitationId)).statusCode).toBe(404);

      const existingHeaders = await signIn(t.context, existing);
      const accepted = await accept(existingHeaders, member.invitationId);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().data.redirectTo).toBe('/no-business');
      const me = (await api('GET', '/user', existingHeaders)).json().data;
      expect(me.userType).toBe(userType);
      const [row] = await t.database.db
        .select()
        .from(practiceMembers)
        .where(eq(practiceMembers.id, member.id));
      expect(row).toMatchObject({ status: 'ACTIVE', userId: existing.id });
      expect(row?.joinedAt?.toISOString()).toBe(t.clock.now().toISOString());
    }
  });

  it('an accountant who joins a team still sees their own practice', async () => {
    const { headers } = await makeAccountant('Big Firm LLP');
    const other = await makeAccountant('Small Firm LLC');
    const member = await invited(headers, 'Avery Stone', other.user.email);
    const accepted = await accept(other.headers, member.invitationId);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const theirs = (await api('GET', '/practice', other.headers)).json().data;
    expect(theirs).toMatchObject({ practiceFirmName: 'Small Firm LLC', isOwner: true });
    expect((await listTeam(other.headers)).total).toBe(0);
  });

  it('a revoked link is refused (the member was removed before accepting)', async () => {
    const { headers } = await makeAccountant();
    const email = uniqueEmail('revoked');
    const member = await invited(headers, 'Rev Oked', email);
    const token = await newTokenTo(email);
    const view = (await openLink(token)).json().data;
    const inviteeHeaders = { authorization: `Bearer ${view.token}`, 'session-id': view.sessionId };
    expect((await api('DELETE', `/practice-members/${member.id}`, headers)).statusCode).toBe(200);
    expect((await accept(inviteeHeaders, view.invitationId)).statusCode).toBe(404);
    const me = (await api('GET', '/user', inviteeHeaders)).json().data;
    expect(me.userType).toBeNull();
    expect((await api('GET', '/practice', inviteeHeaders)).json().data).toBeNull();
  });
});

describe('the team list', () => {
  it('pages newest first and filters by status', async () => {
    const { headers } = await makeAccountant();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push((await invited(headers, `Member Number${n}`, uniqueEmail(`list${n}`))).id);
      t.clock.advance(1_000);
    }
    const first = await listTeam(headers, '?pageSize=2');
    expect(first.total).toBe(3);
    expect(first.items.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    const second = await listTeam(headers, '?pageSize=2&pageNumber=2');
    expect(second.items.map((m) => m.id)).toEqual([ids[0]]);
    expect((await listTeam(headers, '?status=ACTIVE')).total).toBe(0);
    expect((await listTeam(headers, '?status=PENDING')).total).toBe(3);
    expect((await api('GET', '/practice-members?status=GONE', headers)).statusCode).toBe(400);
    expect((await api('GET', '/practice-members?pageSize=0', headers)).statusCode).toBe(400);
  });

  it('with businessId: the active members and whether each is in that business; another business is 404', async () => {
    const { headers, user: owner } = await makeAccountant();
    const inTeam = await acceptAsNewPerson(
      await (async () => {
        const email = uniqueEmail('in');
        await invited(headers, 'Ina Member', email);
        return newTokenTo(email);
      })(),
    );
    const outEmail = uniqueEmail('out');
    await invited(headers, 'Otto Member', outEmail);
    await acceptAsNewPerson(await newTokenTo(outEmail));
    await invited(headers, 'Pending Person', uniqueEmail('pending'));

    const client = await makeBusiness(t.context, { owner });
    const [member] = await t.database.db.select().from(users).where(eq(users.id, inTeam.userId));
    if (!member) throw new Error('no member');
    await addBusinessMember(t.context, {
      businessId: client.businessId,
      user: member,
      roleName: 'Read-only',
    });

    const picker = await listTeam(headers, `?businessId=${client.businessId}`);
    expect(picker.total).toBe(2);
    expect(Object.fromEntries(picker.items.map((m) => [m.user.firstName, m.isInBusiness]))).toEqual({
      Ina: true,
      Otto: false,
    });

    // A business the owner is not in, or only reads: 404.
    const foreign = await makeBusiness(t.context);
    expect((await api('GET', `/practice-members?businessId=${foreign.businessId}`, headers)).statusCode).toBe(
      404,
    );
    const readOnly = await makeBusiness(t.context);
    await addBusinessMember(t.context, {
      businessId: readOnly.businessId,
      user: owner,
      roleName: 'Read-only',
    });
    expect(
      (await api('GET', `/practice-members?businessId=${readOnly.businessId}`, headers)).statusCode,
    ).toBe(404);
    expect((await api('GET', '/practice-members?businessId=nope', headers)).statusCode).toBe(400);
  });
});

describe('removing an active team member', () => {
  /** An accountant, an active team member, and the member's headers. */
  async function teamWithMember() {
    const accountant = await makeAccountant();
    const email = uniqueEmail('active');
    const member = await invited(accountant.headers, 'Ali Active', email);
    const joined = await acceptAsNewPerson(await newTokenTo(email));
    const [user] = await t.database.db.select().from(users).where(eq(users.id, joined.userId));
    if (!user) throw new Error('no user');
    return { ...accountant, member, memberUser: user, memberHeaders: joined.headers };
  }

  async function addToBusiness(
    businessId: string,
    userId: string,
    roleName: string,
    isPracticeMember: boolean,
  ) {
    const [role] = await t.database.db
      .select()
      .from(roles)
      .where(and(eq(roles.businessId, businessId), eq(roles.name, roleName)));
    if (!role) throw new Error('no role');
    await t.database.db.insert(businessMembers).values({
      id: newId(),
      businessId,
      userId,
      roleId: role.id,
      status: 'ACTIVE',
      isPracticeMember,
      createdAt: t.clock.now(),
    });
  }

  it('ends the memberships the practice gave in the owner’s client businesses; their next request is 404', async () => {
    const { headers, user: owner, member, memberUser, memberHeaders } = await teamWithMember();
    const clientA = await makeBusiness(t.context, { owner });
    const clientB = await makeBusiness(t.context);
    await addBusinessMember(t.context, { businessId: clientB.businessId, user: owner, roleName: 'Admin' });
    // Invited to this one on their own (not through the practice): stays.
    const ownInvite = await makeBusiness(t.context, { owner });
    // Another accountant's client (the owner is not in it): stays.
    const elsewhere = await makeBusiness(t.context);
    await addToBusiness(clientA.businessId, memberUser.id, 'Admin', true);
    await addToBusiness(clientB.businessId, memberUser.id, 'Read-only', true);
    await addToBusiness(ownInvite.businessId, memberUser.id, 'Read-only', false);
    await addToBusiness(elsewhere.businessId, memberUser.id, 'Read-only', true);
    for (const business of [clientA, clientB, ownInvite, elsewhere]) {
      expect((await api('GET', `/business/${business.businessId}`, memberHeaders)).statusCode).toBe(200);
    }

    const removed = await api('DELETE', `/practice-members/${member.id}`, headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({
      id: member.id,
      status: 'ACTIVE',
      user: { id: memberUser.id },
    });
    expect([...removed.json().data.removedFromBusinessIds].sort()).toEqual(
      [clientA.businessId, clientB.businessId].sort(),
    );
    expect((await api('GET', `/business/${clientA.businessId}`, memberHeaders)).statusCode).toBe(404);
    expect((await api('GET', `/business/${clientB.businessId}`, memberHeaders)).statusCode).toBe(404);
    expect((await api('GET', `/business/${ownInvite.businessId}`, memberHeaders)).statusCode).toBe(200);
    expect((await api('GET', `/business/${elsewhere.businessId}`, memberHeaders)).statusCode).toBe(200);
    expect((await listTeam(headers)).total).toBe(0);
    expect((await api('GET', '/practice', memberHeaders)).json().data).toBeNull();
    // The account stays a practice member's account.
    expect((await api('GET', '/user', memberHeaders)).json().data.userType).toBe('PRACTICE_MEMBER');
  });

  it('refuses (409, nothing removed) when the member is the last Admin of a client business', async () => {
    const { headers, user: owner, member, memberUser, memberHeaders } = await teamWithMember();
    const client = await makeBusiness(t.context);
    await addBusinessMember(t.context, { businessId: client.businessId, user: owner, roleName: 'Read-only' });
    await addToBusiness(client.businessId, memberUser.id, 'Admin', true);
    await t.database.db
      .delete(businessMembers)
      .where(
        and(eq(businessMembers.businessId, client.businessId), eq(businessMembers.userId, client.owner.id)),
      );

    const refused = await api('DELETE', `/practice-members/${member.id}`, headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SETTINGS_API_MESSAGES.lastAdmin);
    expect((await api('GET', `/business/${client.businessId}`, memberHeaders)).statusCode).toBe(200);
    expect((await listTeam(headers, '?status=ACTIVE')).total).toBe(1);
  });
});

describe('odd input and races', () => {
  it('answers odd ids, text and paging with 400 (never a server error)', async () => {
    const { headers } = await makeAccountant();
    const member = await invited(headers, 'Odd Case', uniqueEmail('odd'));
    const probes = [
      api('DELETE', `/practice-members/${'a'.repeat(5000)}`, headers),
      api('DELETE', '/practice-members/0123456789abcdef0123456%27', headers),
      api('POST', `/practice-members/${member.id.toUpperCase()}/resend-invite`, headers),
      api('PATCH', '/practice-members/invitation/%00', headers, {
        name: 'Odd Case',
        email: uniqueEmail('x'),
      }),
      invite(headers, 'Odd\u0000Case', uniqueEmail('nul')),
      invite(headers, 'Odd \ud800 Case', uniqueEmail('surrogate')),
      invite(headers, 'y'.repeat(20_000), uniqueEmail('long')),
      invite(headers, 'Odd Case', `${'z'.repeat(20_000)}@acme.com`),
      api('POST', '/practice-members/send-invite', headers, { name: ['Odd Case'], email: 42 }),
      api('GET', '/practice-members?pageNumber=1e21', headers),
      api('GET', '/practice-members?pageSize=1000', headers),
      api('GET', `/practice-members?businessId=${'f'.repeat(300)}`, headers),
      api('POST', '/practice', headers, {
        practiceFirmName: 'x'.repeat(1_000_000),
        clientRange: 'ZERO_TO_FIVE',
      }),
    ];
    for (const res of await Promise.all(probes)) {
      expect(res.statusCode, res.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
      expect(res.json()).toMatchObject({ statusCode: res.statusCode, errorCode: expect.any(String) });
    }
    expect((await listTeam(headers)).total).toBe(1);
  });

  it('two resends at once: one sends, the other finds the invitation replaced', async () => {
    const { headers } = await makeAccountant();
    const email = uniqueEmail('twice');
    const member = await invited(headers, 'Twice Sent', email);
    t.clock.advance(61_000);
    const url = `/practice-members/${member.invitationId}/resend-invite`;
    const answers = await Promise.all([api('POST', url, headers), api('POST', url, headers)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await tokensTo(email)).toHaveLength(2);
    const team = await listTeam(headers);
    expect(team.items).toHaveLength(1);
    const current = answers.find((r) => r.statusCode === 200)?.json().data.invitationId;
    expect(team.items[0]?.invitationId).toBe(current);
  });

  it('accept and remove at once: the member ends up off the team either way', async () => {
    const { headers } = await makeAccountant();
    const email = uniqueEmail('racing');
    const member = await invited(headers, 'Race Accept', email);
    const view = (await openLink(await newTokenTo(email))).json().data;
    const inviteeHeaders = { authorization: `Bearer ${view.token}`, 'session-id': view.sessionId };
    const [accepted, removed] = await Promise.all([
      accept(inviteeHeaders, view.invitationId),
      api('DELETE', `/practice-members/${member.id}`, headers),
    ]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect([200, 404]).toContain(accepted.statusCode);
    expect((await listTeam(headers)).total).toBe(0);
    expect((await api('GET', '/practice', inviteeHeaders)).json().data).toBeNull();
  });
});

describe("another accountant's team", () => {
  it('is invisible and untouchable (404), and people without a practice find none', async () => {
    const mine = await makeAccountant();
    const theirs = await makeAccountant();
    const email = uniqueEmail('theirs');
    const member = await invited(theirs.headers, 'Their Member', email);
    const token = await newTokenTo(email);

    expect((await listTeam(mine.headers)).items.map((m) => m.id)).not.toContain(member.id);
    t.clock.advance(61_000);
    const attempts = [
      api('DELETE', `/practice-members/${member.id}`, mine.headers),
      api('POST', `/practice-members/${member.invitationId}/resend-invite`, mine.headers),
      api('PATCH', `/practice-members/invitation/${member.invitationId}`, mine.headers, {
        name: 'Hijacked Name',
        email: uniqueEmail('hijack'),
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain(email);
    }
    // Unchanged: their link still works, their member is still pending with the same name.
    expect((await openLink(token)).statusCode).toBe(200);
    expect((await listTeam(theirs.headers)).items[0]).toMatchObject({
      id: member.id,
      invitationId: member.invitationId,
      user: { firstName: 'Their', lastName: 'Member', email },
    });

    const owner = await signIn(t.context, await makeUser(t.context, { userType: 'SME_OWNER' }));
    for (const res of [
      await api('GET', '/practice-members', owner),
      await api('DELETE', `/practice-members/${member.id}`, owner),
      await invite(owner, 'Some Person', uniqueEmail('some')),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SETTINGS_API_MESSAGES.practiceNotFound);
    }
    expect((await api('GET', '/practice', owner)).json().data).toBeNull();
    expect((await api('DELETE', '/practice-members/not-an-id', mine.headers)).statusCode).toBe(400);
  });
});
