import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, timestampColumn } from '../../platform/db/columns.js';
import { users } from '../users/tables.js';

export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the session token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    deviceId: text('device_id'),
    createdAt: createdAt(),
    /** Absolute expiry. */
    expiresAt: timestampColumn('expires_at').notNull(),
    /** Last authenticated request; the idle timeout counts from here. */
    lastSeenAt: timestampColumn('last_seen_at'),
    revokedAt: timestampColumn('revoked_at'),
    /**
     * A guest session (modules/guest/scope.ts): issued by an emailed guest link's email code, it reaches
     * only that invitation's guest calls and the guest business's routes.
     */
    guestInvitationId: refColumn('guest_invitation_id'),
    /** The guest's own business for that invitation (payer or payee). */
    guestBusinessId: refColumn('guest_business_id'),
    /** When the guest confirmed their mobile number in this session (money calls need it). */
    guestPhoneVerifiedAt: timestampColumn('guest_phone_verified_at'),
    /** Wrong last-four answers in this session (the fifth is refused with 429). */
    guestPhoneFailures: integer('guest_phone_failures').notNull().default(0),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Devices a user chose to trust for 30 days after a sign-in code ("Trust this device for 30 days").
 * The browser holds the secret in an HttpOnly cookie; only its SHA-256 is stored. Revoked by a password
 * change or reset.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: idColumn(),
    userId: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The client's device-id header when it was trusted (informational). */
    deviceId: text('device_id'),
    createdAt: createdAt(),
    expiresAt: timestampColumn('expires_at').notNull(),
    lastUsedAt: timestampColumn('last_used_at'),
    revokedAt: timestampColumn('revoked_at'),
  },
  (table) => [
    index('trusted_devices_user_idx').on(table.userId),
    uniqueIndex('trusted_devices_token_unique').on(table.tokenHash),
  ],
);

export type TrustedDeviceRow = typeof trustedDevices.$inferSelect;

/**
 * Proof that the password step of a sign-in succeeded, needed to send and verify the sign-in code.
 * The secret travels in a short-lived HttpOnly cookie (and in the sign-in answer for API clients).
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: idColumn(),
    userId: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    isIncognito: boolean('is_incognito').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestampColumn('expires_at').notNull(),
    completedAt: timestampColumn('completed_at'),
  },
  (table) => [index('sign_in_challenges_user_idx').on(table.userId)],
);

export type SignInChallengeRow = typeof signInChallenges.$inferSelect;

/**
 * Invitations and emailed links (access spec §3): every kind of link the product mails — practice,
 * business user, payments, auto-pay, control person, forgot password… — is one row. The link carries a
 * random token (only its hash is stored); `/go?code=` entries carry a short code instead. Each link
 * expires and can be used once.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: idColumn(),
    invitationType: text('invitation_type').notNull(),
    action: text('action'),
    /** SHA-256 of the link token. */
    tokenHash: text('token_hash').notNull(),
    /** Short code for `/go?code=` (stored as its SHA-256 too). */
    codeHash: text('code_hash'),
    email: text('email').notNull(),
    sentToUserId: refColumn('sent_to_user_id').references(() => users.id, { onDelete: 'cascade' }),
    sentByUserId: refColumn('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    businessId: refColumn('business_id'),
    /** Kind-specific data (role id, payment id, auto-pay mapping id…), shown in invitationData. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    expiresAt: timestampColumn('expires_at').notNull(),
    usedAt: timestampColumn('used_at'),
    revokedAt: timestampColumn('revoked_at'),
  },
  (table) => [
    uniqueIndex('invitations_token_unique').on(table.tokenHash),
    uniqueIndex('invitations_code_unique').on(table.codeHash),
    index('invitations_user_idx').on(table.sentToUserId, table.invitationType),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;
