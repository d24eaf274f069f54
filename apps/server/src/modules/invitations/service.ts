import { randomBytes, randomInt } from 'node:crypto';
import { MESSAGES } from '@ferry/domain/catalogues';
import { and, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type CreatedSession, createSession, hashToken } from '../auth/service.js';
import { type InvitationRow, invitations } from '../auth/tables.js';
import { businesses } from '../businesses/tables.js';
import {
  BLOCKED_STATUSES,
  createInvitedUser,
  findUserByEmail,
  findUserById,
  markEmailVerified,
} from '../users/service.js';
import type { UserRow } from '../users/tables.js';
import {
  getInvitationKind,
  type InvitationKindContext,
  invitationTtlMinutes,
  openableInvitationTypes,
} from './kinds.js';

/** Code alphabet without look-alikes (no 0/O, 1/I/L). */
export const INVITATION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITATION_CODE_LENGTH = 8;

export const invalidInvitation = () => new AppError('INVALID_INVITATION', MESSAGES.invalidInvitationCode);
export const INVITATION_FORBIDDEN_MESSAGE = 'You are not allowed to use this invitation.';

/** A code as typed (any case, spaces or dashes), or null when it cannot be one of ours. */
export function normalizeInvitationCode(code: string): string | null {
  const normalized = code.trim().toUpperCase().replace(/[\s-]/g, '');
  if (normalized.length !== INVITATION_CODE_LENGTH) return null;
  return [...normalized].every((ch) => INVITATION_CODE_ALPHABET.includes(ch)) ? normalized : null;
}

function generateInvitationCode(): string {
  let code = '';
  for (let i = 0; i < INVITATION_CODE_LENGTH; i += 1) {
    code += INVITATION_CODE_ALPHABET[randomInt(0, INVITATION_CODE_ALPHABET.length)];
  }
  return code;
}

const hashCode = (code: string): string => hashToken(`invitation-code:${code}`);

/** The origin links in mails point at: PUBLIC_URL, else the request's own origin. */
export function publicOrigin(config: Config, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  return `${request.protocol}://${request.host}`;
}

export interface CreatedInvitation {
  invitation: InvitationRow;
  /** The link secret (≥ 256 bits); only its hash is stored. */
  token: string;
  /** The short `/go?code=` code (8 characters), when the kind has one; only its hash is stored. */
  code: string | null;
}

/**
 * Creates an invitation (or emailed link) of a registered kind in the caller's transaction. The link
 * expires after the kind's time to live (or `ttlMinutes`) and can be used once.
 */
export async function createInvitation(
  context: Pick<AppContext, 'clock' | 'config'>,
  options: {
    db: DbOrTx;
    type: string;
    action?: string | null;
    email: string;
    sentToUserId?: string | null;
    sentByUserId?: string | null;
    businessId?: string | null;
    data?: Record<string, unknown>;
    ttlMinutes?: number;
  },
): Promise<CreatedInvitation> {
  const kind = getInvitationKind(options.type);
  if (!kind) throw new Error(`unknown invitation kind ${options.type}`);
  const now = context.clock.now();
  const token = randomBytes(32).toString('base64url');
  let code: string | null = null;
  if (kind.withCode !== false) {
    for (let attempt = 0; attempt < 5 && code === null; attempt += 1) {
      const candidate = generateInvitationCode();
      const [clash] = await options.db
        .select({ id: invitations.id })
        .from(invitations)
        .where(eq(invitations.codeHash, hashCode(candidate)))
        .limit(1);
      if (!clash) code = candidate;
    }
    if (code === null) throw new Error('could not find a free invitation code');
  }
  const ttlMinutes = options.ttlMinutes ?? invitationTtlMinutes(context.config, kind);
  const [invitation] = await options.db
    .insert(invitations)
    .values({
      id: newId(),
      invitationType: options.type,
      action: options.action ?? null,
      tokenHash: hashToken(token),
      codeHash: code ? hashCode(code) : null,
      email: options.email.trim().toLowerCase(),
      sentToUserId: options.sentToUserId ?? null,
      sentByUserId: options.sentByUserId ?? null,
      businessId: options.businessId ?? null,
      data: options.data ?? {},
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMinutes * 60_000),
    })
    .returning();
  if (!invitation) throw new Error('invitation not created');
  return { invitation, token, code };
}

/** Not used, not revoked, not expired. */
export const isUsable = (now: Date) =>
  and(isNull(invitations.usedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

/** The usable invitation of a link token, of one type or of any type the invitation screens may open. */
export async function findUsableInvitationByToken(options: {
  db: DbOrTx;
  clock: Clock;
  token: string;
  type?: string;
}): Promise<InvitationRow | null> {
  return findUsableInvitation({
    ...options,
    match: eq(invitations.tokenHash, hashToken(options.token)),
    types: options.type ? [options.type] : openableInvitationTypes(),
  });
}

function findUsableInvitationByCode(options: { db: DbOrTx; clock: Clock; code: string }) {
  return findUsableInvitation({
    ...options,
    match: eq(invitations.codeHash, hashCode(options.code)),
    types: openableInvitationTypes(),
  });
}

/** The unexpired, unused, unrevoked invitation of one of `types` that `match` finds. */
async function findUsableInvitation(options: {
  db: DbOrTx;
  clock: Clock;
  match: SQL;
  types: string[];
}): Promise<InvitationRow | null> {
  if (options.types.length === 0) return null;
  const [row] = await options.db
    .select()
    .from(invitations)
    .where(
      and(options.match, inArray(invitations.invitationType, options.types), isUsable(options.clock.now())),
    )
    .limit(1);
  return row ?? null;
}

/** Revokes the unused invitations of a user of one type (e.g. older password-reset links). */
export async function revokeUnusedInvitations(options: {
  db: DbOrTx;
  clock: Clock;
  sentToUserId: string;
  type: string;
}): Promise<void> {
  await options.db
    .update(invitations)
    .set({ revokedAt: options.clock.now() })
    .where(
      and(
        eq(invitations.sentToUserId, options.sentToUserId),
        eq(invitations.invitationType, options.type),
        isNull(invitations.usedAt),
        isNull(invitations.revokedAt),
      ),
    );
}

/** The account an invitation is for: its user, or the account holding its email. */
export async function findInvitee(options: {
  db: DbOrTx;
  invitation: InvitationRow;
}): Promise<UserRow | null> {
  if (options.invitation.sentToUserId) {
    return findUserById({ db: options.db, userId: options.invitation.sentToUserId });
  }
  return findUserByEmail({ db: options.db, email: options.invitation.email });
}

const isInviteeOf = (invitation: InvitationRow, user: UserRow): boolean =>
  invitation.sentToUserId
    ? invitation.sentToUserId === user.id
    : invitation.email.toLowerCase() === user.email.toLowerCase();

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export interface InvitationData extends Record<string, unknown> {
  id: string;
  email: string;
  sentToUserId: string | null;
  sentToUserActiveStatus: string | null;
  sentToUserFirstName: string | null;
  sentToUserLastName: string | null;
  inviteSentByName: string | null;
  businessName: string | null;
  businessId: string | null;
  userType: string | null;
  practiceName: string | null;
}

export interface InvitationView {
  invitationId: string;
  invitationType: string;
  action: string | null;
  code?: string;
  invitationData: InvitationData;
  requiresSignIn: boolean;
  requiresPassword: boolean;
  token?: string;
  sessionId?: string;
}

/** `invitationData` of access spec §3: who it is for, who sent it, the business, plus the kind's data. */
export async function describeInvitation(options: {
  db: DbOrTx;
  invitation: InvitationRow;
  invitee: UserRow | null;
}): Promise<InvitationData> {
  const { invitation, invitee } = options;
  const kind = getInvitationKind(invitation.invitationType);
  const [sender, business, kindData] = await Promise.all([
    invitation.sentByUserId ? findUserById({ db: options.db, userId: invitation.sentByUserId }) : null,
    invitation.businessId
      ? options.db
          .select({ businessName: businesses.businessName })
          .from(businesses)
          .where(eq(businesses.id, invitation.businessId))
          .limit(1)
          .then((rows) => rows[0] ?? null)
      : null,
    kind?.describe ? kind.describe({ db: options.db, invitation }) : invitation.data,
  ]);
  const data = invitation.data;
  return {
    ...kindData,
    id: invitation.id,
    email: invitation.email,
    sentToUserId: invitee?.id ?? invitation.sentToUserId,
    sentToUserActiveStatus: invitee?.activeStatus ?? null,
    sentToUserFirstName: text(invitee?.firstName) ?? text(data.firstName),
    sentToUserLastName: text(invitee?.lastName) ?? text(data.lastName),
    inviteSentByName: sender ? `${sender.firstName} ${sender.lastName}`.trim() : text(data.inviteSentByName),
    businessName: business?.businessName ?? text(data.businessName),
    businessId: invitation.businessId,
    userType: text(data.userType) ?? invitee?.userType ?? null,
    practiceName: text(data.practiceName),
  };
}

/**
 * Opens an invitation found by its link token or its code (the lookups of access spec §7). An invitee
 * with a password signs in first; someone without an account gets one (email verified: the invitation
 * reached them there) and, like a password-less invitee, a session to finish verification and set a
 * password.
 */
export async function openInvitation(
  context: Pick<AppContext, 'database' | 'clock' | 'config'>,
  options: {
    invitation: InvitationRow;
    code?: string;
    signedInUserId: string | null;
    deviceId: string | null;
  },
): Promise<{ view: InvitationView; session: CreatedSession | null }> {
  const { invitation } = options;
  const { db } = context.database;
  let invitee = await findInvitee({ db, invitation });
  if (invitee && BLOCKED_STATUSES.has(invitee.activeStatus)) {
    throw new AppError('FORBIDDEN', INVITATION_FORBIDDEN_MESSAGE);
  }
  let session: CreatedSession | null = null;
  if (!invitee?.passwordHash) {
    const opened = await db.transaction(async (tx) => {
      const user =
        invitee ??
        (await createInvitedUser({
          db: tx,
          clock: context.clock,
          email: invitation.email,
          firstName: text(invitation.data.firstName) ?? undefined,
          lastName: text(invitation.data.lastName) ?? undefined,
          country: text(invitation.data.country),
        }));
      if (user.passwordHash) return { user, session: null };
      // Only the holder of the invited address gets into a password-less account.
      if (user.email.toLowerCase() !== invitation.email.toLowerCase()) {
        throw new AppError('FORBIDDEN', INVITATION_FORBIDDEN_MESSAGE);
      }
      if (!user.isEmailVerified) await markEmailVerified({ db: tx, clock: context.clock, userId: user.id });
      await tx
        .update(invitations)
        .set({ sentToUserId: user.id })
        .where(and(eq(invitations.id, invitation.id), isNull(invitations.sentToUserId)));
      const created = await createSession({
        db: tx,
        clock: context.clock,
        userId: user.id,
        deviceId: options.deviceId,
        ttlHours: context.config.SESSION_TTL_HOURS,
      });
      return { user: (await findUserById({ db: tx, userId: user.id })) ?? user, session: created };
    });
    invitee = opened.user;
    session = opened.session;
  }
  const view: InvitationView = {
    invitationId: invitation.id,
    invitationType: invitation.invitationType,
    action: invitation.action,
    ...(options.code ? { code: options.code } : {}),
    invitationData: await describeInvitation({ db, invitation, invitee }),
    requiresSignIn: Boolean(invitee.passwordHash) && options.signedInUserId !== invitee.id,
    requiresPassword: !invitee.passwordHash,
    ...(session ? { token: session.token, sessionId: session.sessionId } : {}),
  };
  return { view, session };
}

export async function findInvitationToOpenByToken(
  context: Pick<AppContext, 'database' | 'clock'>,
  token: string,
): Promise<InvitationRow> {
  const invitation = await findUsableInvitationByToken({
    db: context.database.db,
    clock: context.clock,
    token,
  });
  if (!invitation) throw invalidInvitation();
  return invitation;
}

/** The invitation of a `/go?code=` code; the email must be the invitation's (any case). */
export async function findInvitationToOpenByCode(
  context: Pick<AppContext, 'database' | 'clock'>,
  options: { code: string; email: string },
): Promise<{ invitation: InvitationRow; code: string }> {
  const code = normalizeInvitationCode(options.code);
  if (!code) throw invalidInvitation();
  const invitation = await findUsableInvitationByCode({
    db: context.database.db,
    clock: context.clock,
    code,
  });
  if (!invitation || invitation.email.toLowerCase() !== options.email.trim().toLowerCase()) {
    throw invalidInvitation();
  }
  return { invitation, code };
}

const ID = /^[0-9a-f]{24}$/;

/** What accepting answers: the invitation type, the business it concerns and where to go next. */
export interface AcceptedInvitation {
  invitationType: string;
  businessId: string | null;
  redirectTo: string | null;
}

/**
 * Accepts an invitation for its invitee: marks it used and runs its kind's handler in one transaction.
 * Of two concurrent accepts exactly one claims the row; the other (and any later one) gets 404.
 */
export async function acceptInvitation(
  context: InvitationKindContext,
  options: { invitationId: string; user: UserRow },
): Promise<AcceptedInvitation> {
  const { user } = options;
  if (!ID.test(options.invitationId)) throw invalidInvitation();
  const { db } = context.database;
  const [invitation] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.id, options.invitationId))
    .limit(1);
  const kind = invitation ? getInvitationKind(invitation.invitationType) : undefined;
  if (!invitation || !kind?.accept || kind.openable === false || !isInviteeOf(invitation, user)) {
    throw invalidInvitation();
  }
  const accept = kind.accept;
  return db.transaction(async (tx) => {
    const now = context.clock.now();
    const [claimed] = await tx
      .update(invitations)
      .set({ usedAt: now, sentToUserId: sql`coalesce(${invitations.sentToUserId}, ${user.id})` })
      .where(and(eq(invitations.id, invitation.id), isUsable(now)))
      .returning();
    if (!claimed) throw invalidInvitation();
    const result = await accept(tx, claimed, user, context);
    return {
      invitationType: claimed.invitationType,
      // A kind may answer `businessId: null` when the invitee does not join the business.
      businessId:
        result && result.businessId !== undefined ? result.businessId : (claimed.businessId ?? null),
      redirectTo: result?.redirectTo ?? null,
    };
  });
}

/** The usable invitations for the signed-in user (theirs by id, or by their email), newest first. */
export async function listPendingInvitations(
  context: Pick<AppContext, 'database' | 'clock'>,
  user: UserRow,
): Promise<InvitationView[]> {
  const { db } = context.database;
  const types = openableInvitationTypes();
  if (types.length === 0) return [];
  const rows = await db
    .select()
    .from(invitations)
    .where(
      and(
        inArray(invitations.invitationType, types),
        isUsable(context.clock.now()),
        or(
          eq(invitations.sentToUserId, user.id),
          and(isNull(invitations.sentToUserId), eq(invitations.email, user.email.toLowerCase())),
        ),
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return Promise.all(
    rows.map(async (invitation) => ({
      invitationId: invitation.id,
      invitationType: invitation.invitationType,
      action: invitation.action,
      invitationData: await describeInvitation({ db, invitation, invitee: user }),
      requiresSignIn: false,
      requiresPassword: !user.passwordHash,
    })),
  );
}
