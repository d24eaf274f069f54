import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNTING_PROVIDERS, BUILT_IN_ROLE_LABELS } from '@ferry/domain';
import {
  ACCOUNTING_MESSAGES,
  type AccountingConnection,
  type ConnectBusinessRequest,
  type ConnectionUrlQuery,
  type IntegrationProvider,
  type OrganisationCallback,
  type SyncRun,
} from '@ferry/domain/schemas';
import { and, desc, eq, isNull as eqNull, ne } from 'drizzle-orm';
import { accessDenied } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { getDataSecretBox } from '../../platform/crypto/secret-box.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import {
  AccountingError,
  type AccountingHandle,
  type AccountingProvider,
  type AccountingProviderType,
  type AccountingTokens,
} from '../../providers/accounting/accounting.js';
import { findMembership } from '../businesses/service.js';
import { businesses } from '../businesses/tables.js';
import { users } from '../users/tables.js';
import { requestSync } from './sync.js';
import {
  type AccountingConnectionRow,
  type AccountingSyncRunRow,
  accountingConnections,
  accountingOauthStates,
  accountingSyncRuns,
} from './tables.js';

type Context = Pick<AppContext, 'config' | 'database' | 'clock' | 'providers' | 'jobs'>;

/** How long a connect round trip may take (consent, organisation choice). */
const STATE_TTL_MS = 30 * 60 * 1000;
/** Refresh the access token when it lapses within this. */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;

export const CALLBACK_PATH = '/api/integration/callback';
export const CONNECTING_PAGE = '/integration/connecting';

const providerName = (type: AccountingProviderType): string =>
  ACCOUNTING_PROVIDERS.find((provider) => provider.value === type)?.label ?? type;

const logoOf = (type: AccountingProviderType) => {
  const slug = type.toLowerCase().replace('_sandbox', '');
  return { logo: `/integrations/${slug}.svg`, bigLogoPath: `/integrations/${slug}.svg` };
};

const digestOf = (state: string) => createHash('sha256').update(state, 'utf8').digest('hex');

const boxOf = (context: Pick<AppContext, 'config'>) => getDataSecretBox(context.config);

export const sealTokens = (context: Pick<AppContext, 'config'>, rowId: string, tokens: AccountingTokens) =>
  boxOf(context).seal(JSON.stringify(tokens), `accounting:${rowId}`);

export const openTokens = (context: Pick<AppContext, 'config'>, rowId: string, sealed: string) =>
  JSON.parse(boxOf(context).open(sealed, `accounting:${rowId}`)) as AccountingTokens;

function providerOrThrow(
  context: Pick<AppContext, 'providers'>,
  type: AccountingProviderType,
): AccountingProvider {
  const provider = context.providers.accounting.get(type);
  if (!provider) throw new AppError('BAD_REQUEST', ACCOUNTING_MESSAGES.providerType);
  return provider;
}

/** GET /integration: the providers this server can connect to (the picker's cards). */
export function listIntegrations(context: Pick<AppContext, 'providers'>): IntegrationProvider[] {
  return context.providers.accounting.list().map((provider) => ({
    id: provider.type,
    providerType: provider.type,
    name: providerName(provider.type),
    ...logoOf(provider.type),
    mode: provider.mode === 'sandbox' ? 'SANDBOX' : 'LIVE',
    signIn: provider.type === 'QBO' || provider.type === 'QBO_SANDBOX' || provider.type === 'XERO',
  }));
}

/** Only the business's Admin connects or disconnects its books (spec 002 §6); another business is 404. */
export async function assertAdmin(
  context: Pick<AppContext, 'database'>,
  businessId: string,
  userId: string,
): Promise<void> {
  const membership = await findMembership({ db: context.database.db, businessId, userId });
  if (membership?.status !== 'ACTIVE') throw new AppError('BUSINESS_NOT_FOUND', 'Business not found');
  if (membership.roleName !== BUILT_IN_ROLE_LABELS.admin) throw accessDenied();
}

/**
 * GET /integration/connection-url: starts an OAuth round trip (spec 000 §4 provider redirect state) and
 * answers the provider's consent URL. The state is 256 random bits; only its digest is stored.
 */
export async function startConnection(
  context: Context,
  options: { userId: string | null; query: ConnectionUrlQuery; origin: string },
): Promise<{ url: string }> {
  const { query } = options;
  const provider = providerOrThrow(context, query.providerType);
  if (query.requestFor === 'CONNECT') {
    if (!options.userId) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    if (!query.businessId) throw new AppError('BAD_REQUEST', 'Please choose a business to connect.');
    await assertAdmin(context, query.businessId, options.userId);
  }
  const state = randomBytes(32).toString('base64url');
  const now = context.clock.now();
  await context.database.db.insert(accountingOauthStates).values({
    id: newId(),
    stateDigest: digestOf(state),
    providerType: query.providerType,
    requestFor: query.requestFor,
    businessId: query.requestFor === 'CONNECT' ? (query.businessId ?? null) : null,
    userId: options.userId,
    keepMeLogin: query.keepMeLogin ?? false,
    invitationId: query.invitationId ?? null,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    createdAt: now,
  });
  const url = provider.authorizationUrl({
    state,
    redirectUri: `${options.origin}${CALLBACK_PATH}`,
    purpose: query.requestFor,
  });
  return { url };
}

/** The round trip of this state (by its digest), or null when unknown or expired. */
export async function findState(db: DbOrTx, state: string, now: Date) {
  const [row] = await db
    .select()
    .from(accountingOauthStates)
    .where(eq(accountingOauthStates.stateDigest, digestOf(state)))
    .limit(1);
  if (!row || row.expiresAt.getTime() < now.getTime()) return null;
  return row;
}

/**
 * GET /integration/callback: the provider's redirect back. Exchanges the code (tokens sealed at once,
 * bound to the state's row) and sends the browser to the connecting page, which lists the organisations.
 * Always a redirect: the browser is mid-navigation, never shown JSON.
 */
export async function completeCallback(
  context: Context & { log?: { warn(obj: object, msg: string): void } },
  options: { query: Record<string, string>; origin: string },
): Promise<string> {
  const state = options.query.state ?? '';
  const now = context.clock.now();
  const row = state ? await findState(context.database.db, state, now) : null;
  const page = (params: Record<string, string>) =>
    `${CONNECTING_PAGE}?${new URLSearchParams(params).toString()}`;
  if (!row || row.completedAt) return page({ error: 'expired' });
  const base = { providerType: row.providerType, state, requestFor: row.requestFor };
  if (options.query.error) {
    await context.database.db
      .update(accountingOauthStates)
      .set({ error: 'ACCESS_DENIED', completedAt: now })
      .where(eq(accountingOauthStates.id, row.id));
    return page({ ...base, error: 'access_denied' });
  }
  try {
    const provider = providerOrThrow(context, row.providerType);
    const result = await provider.exchangeCode({
      query: options.query,
      redirectUri: `${options.origin}${CALLBACK_PATH}`,
    });
    await context.database.db
      .update(accountingOauthStates)
      .set({
        tokensSealed: sealTokens(context, row.id, result.tokens),
        organisations: result.organisations,
        identity: result.identity,
        completedAt: now,
      })
      .where(eq(accountingOauthStates.id, row.id));
    return page(base);
  } catch (error) {
    const denied = error instanceof AccountingError && error.code === 'ACCESS_DENIED';
    context.log?.warn(
      { providerType: row.providerType, code: error instanceof AccountingError ? error.code : 'UNEXPECTED' },
      'accounting callback failed',
    );
    await context.database.db
      .update(accountingOauthStates)
      .set({ error: denied ? 'ACCESS_DENIED' : 'FAILED', completedAt: now })
      .where(eq(accountingOauthStates.id, row.id));
    return page({ ...base, error: denied ? 'access_denied' : 'failed' });
  }
}

/** The completed round trip of this user, or 400 (expired, used, not completed, someone else's). */
async function usableState(
  db: DbOrTx,
  options: { state: string; providerType: AccountingProviderType; userId: string; now: Date },
) {
  const row = await findState(db, options.state, options.now);
  if (
    !row ||
    row.userId !== options.userId ||
    row.providerType !== options.providerType ||
    !row.completedAt ||
    row.usedAt ||
    row.error ||
    !row.tokensSealed
  )
    throw new AppError('BAD_REQUEST', ACCOUNTING_MESSAGES.state);
  return row;
}

/** The live connection of another business to one of these organisations. */
async function connectionOnOrganisation(
  db: DbOrTx,
  options: { providerType: AccountingProviderType; organisationId: string; exceptBusinessId: string | null },
) {
  const rows = await db
    .select({
      businessId: accountingConnections.businessId,
      businessName: businesses.businessName,
      organisationId: accountingConnections.organisationId,
    })
    .from(accountingConnections)
    .innerJoin(businesses, eq(businesses.id, accountingConnections.businessId))
    .where(
      and(
        eq(accountingConnections.providerType, options.providerType),
        eq(accountingConnections.organisationId, options.organisationId),
        ne(accountingConnections.status, 'DISCONNECTED'),
      ),
    )
    .limit(2);
  return rows.find((row) => row.businessId !== options.exceptBusinessId) ?? null;
}

/** GET /auth/connections: the organisations a completed round trip covers (spec 000 §4). */
export async function organisationCallback(
  context: Context,
  options: { userId: string; providerType: AccountingProviderType; state: string },
): Promise<OrganisationCallback> {
  const { db } = context.database;
  const row = await usableState(db, { ...options, now: context.clock.now() });
  const tokens = openTokens(context, row.id, row.tokensSealed as string);
  const organisations = row.organisations ?? [];
  let existing: OrganisationCallback['businessAlreadyExistsDetails'] = null;
  for (const organisation of organisations) {
    const other = await connectionOnOrganisation(db, {
      providerType: row.providerType,
      organisationId: organisation.id,
      exceptBusinessId: row.businessId,
    });
    if (!other) continue;
    // Name the other business only to its own members.
    const membership = await findMembership({ db, businessId: other.businessId, userId: options.userId });
    existing = {
      businessId: membership?.status === 'ACTIVE' ? other.businessId : '',
      businessName: membership?.status === 'ACTIVE' ? other.businessName : 'another Ferry business',
      organizationId: organisation.id,
    };
    break;
  }
  let businessOnboarded = false;
  if (row.businessId) {
    const [business] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.id, row.businessId))
      .limit(1);
    businessOnboarded = Boolean(business);
  }
  return {
    organizationList: organisations,
    tokenDetails: { expiresAt: tokens.accessTokenExpiresAt },
    businessOnboarded,
    businessId: row.businessId,
    providerType: row.providerType,
    businessAlreadyExistsDetails: existing,
  };
}

/**
 * POST /integration/connect-business: the business's Admin picks the organisation; the round trip is
 * used up, the tokens move to the connection (sealed again, bound to its row) and a first sync (the
 * backfill) is queued. Reconnecting (EXPIRED, or DISCONNECTED before) to the same organisation keeps
 * the connection and its links, so nothing is imported twice.
 */
export async function connectBusiness(
  context: Context,
  options: { userId: string; providerType: AccountingProviderType; request: ConnectBusinessRequest },
): Promise<AccountingConnection> {
  const { request } = options;
  await assertAdmin(context, request.businessId, options.userId);
  const now = context.clock.now();
  const connectionId = await context.database.db.transaction(async (tx) => {
    const row = await usableState(tx, { ...options, state: request.state, now });
    if (row.businessId !== request.businessId) throw new AppError('BAD_REQUEST', ACCOUNTING_MESSAGES.state);
    const organisation = (row.organisations ?? []).find(
      (candidate) => candidate.id === request.organizationId,
    );
    if (!organisation) throw new AppError('BAD_REQUEST', ACCOUNTING_MESSAGES.organization);
    const claimed = await tx
      .update(accountingOauthStates)
      .set({ usedAt: now })
      .where(and(eq(accountingOauthStates.id, row.id), eqNull(accountingOauthStates.usedAt)))
      .returning({ id: accountingOauthStates.id });
    if (claimed.length === 0) throw new AppError('BAD_REQUEST', ACCOUNTING_MESSAGES.state);
    const other = await connectionOnOrganisation(tx, {
      providerType: row.providerType,
      organisationId: organisation.id,
      exceptBusinessId: request.businessId,
    });
    if (other)
      throw new AppError('CONFLICT', 'This organization is already connected to another Ferry business.');
    const tokens = openTokens(context, row.id, row.tokensSealed as string);
    const [current] = await tx
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.businessId, request.businessId))
      .orderBy(desc(accountingConnections.connectedAt))
      .for('update');
    const live = current && current.status !== 'DISCONNECTED' ? current : null;
    const sameBooks =
      current && current.providerType === row.providerType && current.organisationId === organisation.id
        ? current
        : null;
    if (live && !sameBooks) throw new AppError('CONFLICT', ACCOUNTING_MESSAGES.alreadyConnected);
    const provider = providerOrThrow(context, row.providerType);
    const values = {
      status: 'CONNECTED' as const,
      mode: provider.mode === 'sandbox' ? ('SANDBOX' as const) : ('LIVE' as const),
      organisationName: organisation.name,
      accessExpiresAt: new Date(tokens.accessTokenExpiresAt),
      syncStatus: 'NOT_STARTED' as const,
      connectedBy: options.userId,
      connectedAt: now,
      disconnectedAt: null,
      updatedAt: now,
    };
    if (sameBooks) {
      await tx
        .update(accountingConnections)
        .set({
          ...values,
          tokensSealed: sealTokens(context, sameBooks.id, tokens),
          tokenVersion: sameBooks.tokenVersion + 1,
        })
        .where(eq(accountingConnections.id, sameBooks.id));
      return sameBooks.id;
    }
    const id = newId();
    await tx.insert(accountingConnections).values({
      id,
      businessId: request.businessId,
      providerType: row.providerType,
      organisationId: organisation.id,
      tokensSealed: sealTokens(context, id, tokens),
      createdAt: now,
      ...values,
    });
    return id;
  });
  await requestSync(context, { businessId: request.businessId, trigger: 'CONNECT', userId: options.userId });
  return connectionView(context, { businessId: request.businessId, connectionId });
}

/** The business's connection that is not DISCONNECTED, or its last one. */
export async function currentConnection(
  db: DbOrTx,
  businessId: string,
): Promise<AccountingConnectionRow | null> {
  const [row] = await db
    .select()
    .from(accountingConnections)
    .where(eq(accountingConnections.businessId, businessId))
    .orderBy(desc(accountingConnections.connectedAt))
    .limit(1);
  return row ?? null;
}

export const toSyncRunView = (row: AccountingSyncRunRow): SyncRun => ({
  id: row.id,
  status: row.status,
  trigger: row.trigger,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  imported: row.counts.imported,
  updated: row.counts.updated,
  pushed: row.counts.pushed,
  failures: row.failures,
  error: row.error,
  step: row.status === 'IN_PROGRESS' ? (row.step ?? null) : null,
});

/** GET /business/{id}/accounting/connection. */
export async function connectionView(
  context: Pick<AppContext, 'database'>,
  options: { businessId: string; connectionId?: string },
): Promise<AccountingConnection> {
  const view = await findConnectionView(context, options.businessId);
  if (!view) throw new AppError('NOT_FOUND', ACCOUNTING_MESSAGES.notConnected);
  return view;
}

export async function findConnectionView(
  context: Pick<AppContext, 'database'>,
  businessId: string,
): Promise<AccountingConnection | null> {
  const { db } = context.database;
  const row = await currentConnection(db, businessId);
  if (!row) return null;
  const [[lastRun], [connector]] = await Promise.all([
    db
      .select()
      .from(accountingSyncRuns)
      .where(eq(accountingSyncRuns.connectionId, row.id))
      .orderBy(desc(accountingSyncRuns.sequence))
      .limit(1),
    row.connectedBy
      ? db
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, row.connectedBy))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return {
    id: row.id,
    providerType: row.providerType,
    provider: { id: row.providerType, name: providerName(row.providerType) },
    ...logoOf(row.providerType),
    mode: row.mode,
    status: row.status,
    organizationId: row.organisationId,
    organizationName: row.organisationName,
    connectedAt: row.connectedAt.toISOString(),
    connectedBy: connector ? `${connector.firstName} ${connector.lastName}`.trim() : null,
    autoSync: row.autoSync,
    syncStatus: row.syncStatus,
    syncDate: row.lastSyncAt?.toISOString() ?? null,
    lastRun: lastRun ? toSyncRunView(lastRun) : null,
    isMappingPending: false,
  };
}

/** PATCH auto-sync (Admin). */
export async function setAutoSync(
  context: Context,
  options: { businessId: string; userId: string; autoSync: boolean },
): Promise<AccountingConnection> {
  await assertAdmin(context, options.businessId, options.userId);
  const row = await currentConnection(context.database.db, options.businessId);
  if (!row || row.status === 'DISCONNECTED') throw new AppError('CONFLICT', ACCOUNTING_MESSAGES.notConnected);
  await context.database.db
    .update(accountingConnections)
    .set({ autoSync: options.autoSync, updatedAt: context.clock.now() })
    .where(eq(accountingConnections.id, row.id));
  return connectionView(context, options);
}

/**
 * POST /business/{id}/disconnect/accounting-connection (Admin): the grant is revoked at the provider
 * (best effort), the tokens are dropped. Records synced stay, in Ferry and in the books, and their
 * links stay too: connecting the same books again goes on where it stopped.
 */
export async function disconnect(
  context: Context,
  options: { businessId: string; userId: string },
): Promise<AccountingConnection> {
  await assertAdmin(context, options.businessId, options.userId);
  const { db } = context.database;
  const row = await currentConnection(db, options.businessId);
  if (!row || row.status === 'DISCONNECTED') throw new AppError('CONFLICT', ACCOUNTING_MESSAGES.notConnected);
  const now = context.clock.now();
  await db
    .update(accountingConnections)
    .set({ status: 'DISCONNECTED', tokensSealed: null, disconnectedAt: now, updatedAt: now })
    .where(eq(accountingConnections.id, row.id));
  await db
    .update(accountingSyncRuns)
    .set({ status: 'FAILED', error: 'Disconnected during the sync.', finishedAt: now })
    .where(and(eq(accountingSyncRuns.connectionId, row.id), eq(accountingSyncRuns.status, 'IN_PROGRESS')));
  if (row.tokensSealed) {
    try {
      await providerOrThrow(context, row.providerType).revoke(openTokens(context, row.id, row.tokensSealed));
    } catch {
      // The grant lapses on its own; the tokens are gone from Ferry either way.
    }
  }
  return connectionView(context, options);
}

/**
 * The handle for calls to the books, refreshing the access token first when it is about to lapse. A
 * refused refresh marks the connection EXPIRED (Reconnect) and throws TOKEN_EXPIRED.
 */
export async function handleFor(
  context: Context,
  connection: AccountingConnectionRow,
): Promise<{ provider: AccountingProvider; handle: AccountingHandle }> {
  const provider = providerOrThrow(context, connection.providerType);
  if (connection.status !== 'CONNECTED' || !connection.tokensSealed)
    throw new AccountingError('TOKEN_EXPIRED', ACCOUNTING_MESSAGES.expired);
  let tokens = openTokens(context, connection.id, connection.tokensSealed);
  if (Date.parse(tokens.accessTokenExpiresAt) - REFRESH_MARGIN_MS <= context.clock.now().getTime()) {
    tokens = await refresh(context, provider, connection, tokens);
  }
  return { provider, handle: { tokens, organisationId: connection.organisationId } };
}

/** Refreshes once per token version: a refresh that lost the race reads the winner's tokens. */
export async function refresh(
  context: Context,
  provider: AccountingProvider,
  connection: AccountingConnectionRow,
  tokens: AccountingTokens,
): Promise<AccountingTokens> {
  const { db } = context.database;
  let fresh: AccountingTokens;
  try {
    fresh = await provider.refreshTokens(tokens);
  } catch (error) {
    if (
      error instanceof AccountingError &&
      (error.code === 'TOKEN_EXPIRED' || error.code === 'ACCESS_DENIED')
    ) {
      await markExpired(context, connection.id);
      throw new AccountingError('TOKEN_EXPIRED', ACCOUNTING_MESSAGES.expired);
    }
    throw error;
  }
  const updated = await db
    .update(accountingConnections)
    .set({
      tokensSealed: sealTokens(context, connection.id, fresh),
      accessExpiresAt: new Date(fresh.accessTokenExpiresAt),
      tokenVersion: connection.tokenVersion + 1,
      updatedAt: context.clock.now(),
    })
    .where(
      and(
        eq(accountingConnections.id, connection.id),
        eq(accountingConnections.tokenVersion, connection.tokenVersion),
      ),
    )
    .returning({ id: accountingConnections.id });
  if (updated.length === 0) {
    const [winner] = await db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.id, connection.id))
      .limit(1);
    if (!winner?.tokensSealed) throw new AccountingError('TOKEN_EXPIRED', ACCOUNTING_MESSAGES.expired);
    return openTokens(context, winner.id, winner.tokensSealed);
  }
  connection.tokenVersion += 1;
  connection.tokensSealed = sealTokens(context, connection.id, fresh);
  return fresh;
}

export async function markExpired(context: Pick<AppContext, 'database' | 'clock'>, connectionId: string) {
  await context.database.db
    .update(accountingConnections)
    .set({ status: 'EXPIRED', syncStatus: 'NOT_INITIATED_INVALID_TOKEN', updatedAt: context.clock.now() })
    .where(and(eq(accountingConnections.id, connectionId), eq(accountingConnections.status, 'CONNECTED')));
}
