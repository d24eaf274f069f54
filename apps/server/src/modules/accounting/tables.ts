import type { ChartAccountType, SyncKind, SyncStatus } from '@ferry/domain/schemas';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, timestampColumn, updatedAt } from '../../platform/db/columns.js';
import type { AccountingProviderType } from '../../providers/accounting/accounting.js';
import { businesses } from '../businesses/tables.js';
import { users } from '../users/tables.js';

/**
 * A business's chart of accounts. Until accounting software is connected it is Ferry's default
 * small-business chart (source FERRY), seeded on first use.
 */
export const chartAccounts = pgTable(
  'chart_accounts',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    accountType: text('account_type').$type<ChartAccountType>().notNull(),
    number: text('number'),
    source: text('source').$type<'FERRY' | 'BOOKS'>().notNull().default('FERRY'),
    isActive: boolean('is_active').notNull().default(true),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('chart_accounts_business_name_unique').on(table.businessId, sql`lower(${table.name})`),
    index('chart_accounts_business_type_idx').on(table.businessId, table.accountType),
  ],
);
export type ChartAccountRow = typeof chartAccounts.$inferSelect;

/**
 * A business's connection to its accounting software (spec 002 §4): at most one that is not
 * DISCONNECTED. The OAuth tokens are sealed with the data key (bound to this row's id) and never leave
 * the server; `tokenVersion` rises with every refresh so two refreshes cannot overwrite each other.
 */
export const accountingConnections = pgTable(
  'accounting_connections',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    providerType: text('provider_type').$type<AccountingProviderType>().notNull(),
    mode: text('mode').$type<'SANDBOX' | 'LIVE'>().notNull(),
    status: text('status').$type<'CONNECTED' | 'DISCONNECTED' | 'EXPIRED'>().notNull(),
    organisationId: text('organisation_id').notNull(),
    organisationName: text('organisation_name').notNull(),
    tokensSealed: text('tokens_sealed'),
    accessExpiresAt: timestampColumn('access_expires_at'),
    tokenVersion: integer('token_version').notNull().default(0),
    autoSync: boolean('auto_sync').notNull().default(true),
    syncStatus: text('sync_status').$type<SyncStatus>().notNull().default('NOT_STARTED'),
    lastSyncAt: timestampColumn('last_sync_at'),
    /** The provider's clock at the start of the last completed sync: the next one reads changes since. */
    syncedThrough: text('synced_through'),
    connectedBy: refColumn('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestampColumn('connected_at').notNull(),
    disconnectedAt: timestampColumn('disconnected_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('accounting_connections_live_unique')
      .on(table.businessId)
      .where(sql`${table.status} <> 'DISCONNECTED'`),
    index('accounting_connections_org_idx').on(table.providerType, table.organisationId),
  ],
);
export type AccountingConnectionRow = typeof accountingConnections.$inferSelect;

/**
 * One OAuth round trip (spec 000 §4 'provider redirect state'): made when the browser is sent to the
 * provider, completed by the callback (tokens sealed, organisations listed), used once by connect-business
 * or sign-in. Only a digest of the state is kept; the state itself is the browser's.
 */
export const accountingOauthStates = pgTable('accounting_oauth_states', {
  id: idColumn(),
  stateDigest: text('state_digest').notNull().unique(),
  providerType: text('provider_type').$type<AccountingProviderType>().notNull(),
  requestFor: text('request_for').$type<'CONNECT' | 'SIGN_IN'>().notNull(),
  businessId: refColumn('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
  userId: refColumn('user_id').references(() => users.id, { onDelete: 'cascade' }),
  keepMeLogin: boolean('keep_me_login').notNull().default(false),
  invitationId: text('invitation_id'),
  tokensSealed: text('tokens_sealed'),
  organisations: jsonb('organisations').$type<{ id: string; name: string; currency: string | null }[]>(),
  identity: jsonb('identity').$type<{
    providerUserId: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
  }>(),
  error: text('error'),
  completedAt: timestampColumn('completed_at'),
  usedAt: timestampColumn('used_at'),
  expiresAt: timestampColumn('expires_at').notNull(),
  createdAt: createdAt(),
});
export type AccountingOauthStateRow = typeof accountingOauthStates.$inferSelect;

/**
 * A Ferry record linked to its twin in the books, both ways, by the provider's id. A push first writes
 * the link with its idempotency key and no remote id (PUSHING); the provider's id fills it in. A run
 * that dies between the two pushes again with the same key, and the books hand back the same record.
 */
export const accountingLinks = pgTable(
  'accounting_links',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    connectionId: refColumn('connection_id')
      .notNull()
      .references(() => accountingConnections.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SyncKind>().notNull(),
    ferryId: refColumn('ferry_id').notNull(),
    remoteId: text('remote_id'),
    /** The books' last change the link has seen (to tell a change in the books from our own write). */
    remoteUpdatedAt: text('remote_updated_at'),
    /** Digest of the fields Ferry last synced (to tell a change in Ferry since). */
    syncedDigest: text('synced_digest'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Deleted or archived in the books (the Ferry record stays, its money history intact). */
    remoteDeleted: boolean('remote_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('accounting_links_ferry_unique').on(table.connectionId, table.kind, table.ferryId),
    uniqueIndex('accounting_links_remote_unique')
      .on(table.connectionId, table.kind, table.remoteId)
      .where(sql`${table.remoteId} is not null`),
  ],
);
export type AccountingLinkRow = typeof accountingLinks.$inferSelect;

export interface SyncCounts {
  imported: Partial<Record<SyncKind, number>>;
  updated: Partial<Record<SyncKind, number>>;
  pushed: Partial<Record<SyncKind, number>>;
}

/**
 * One sync of a business (the sync history). At most one IN_PROGRESS per business. `cursor` is where
 * the run is (step and the provider's page cursor): a run resumed after a crash goes on from there.
 */
export const accountingSyncRuns = pgTable(
  'accounting_sync_runs',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    connectionId: refColumn('connection_id')
      .notNull()
      .references(() => accountingConnections.id, { onDelete: 'cascade' }),
    status: text('status').$type<'IN_PROGRESS' | 'COMPLETED' | 'FAILED'>().notNull(),
    trigger: text('trigger').$type<'CONNECT' | 'MANUAL' | 'SCHEDULE' | 'WEBHOOK'>().notNull(),
    step: text('step').$type<SyncKind>(),
    cursor: jsonb('cursor').$type<{
      step: string;
      page: string | null;
      since: string | null;
      startedThrough: string;
    }>(),
    counts: jsonb('counts').$type<SyncCounts>().notNull().default({ imported: {}, updated: {}, pushed: {} }),
    failures: jsonb('failures')
      .$type<{ kind: SyncKind; name: string; message: string }[]>()
      .notNull()
      .default([]),
    error: text('error'),
    requestedBy: refColumn('requested_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestampColumn('started_at').notNull(),
    finishedAt: timestampColumn('finished_at'),
    heartbeatAt: timestampColumn('heartbeat_at'),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (table) => [
    uniqueIndex('accounting_sync_runs_running_unique')
      .on(table.businessId)
      .where(sql`${table.status} = 'IN_PROGRESS'`),
    index('accounting_sync_runs_business_idx').on(table.businessId, table.sequence),
  ],
);
export type AccountingSyncRunRow = typeof accountingSyncRuns.$inferSelect;
