import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/db/client.js';
import {
  type BankLinkErrorCode,
  type BankLinkProvider,
  type BankLinkWebhookEvent,
  bankLinkError,
  type LinkedBankAccount,
} from './bank-link.js';
import {
  findSandboxInstitution,
  type SandboxInstitution,
  searchSandboxInstitutions,
} from './institutions.js';
import { sandboxBankLinkItems, sandboxBankLinkSessions, sandboxBankLinkTokens } from './sandbox-tables.js';

/** The sandbox's credentials, as Plaid's sandbox: user_good / pass_good. */
export const SANDBOX_USERNAME = 'user_good';
export const SANDBOX_PASSWORD = 'pass_good';

export const LINK_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;
export const LINK_SESSION_TTL_MS = 30 * 60 * 1000;
export const PUBLIC_TOKEN_TTL_MS = 30 * 60 * 1000;

/** `error_<CODE>` passwords that fail the sign-in itself. */
const SIGN_IN_ERRORS: ReadonlySet<BankLinkErrorCode> = new Set([
  'ITEM_LOGIN_REQUIRED',
  'INVALID_CREDENTIALS',
  'NO_ACCOUNTS',
  'ACCESS_NOT_GRANTED',
  'ITEM_NOT_SUPPORTED',
  'INSTITUTION_DOWN',
]);
/** `error_<CODE>` passwords whose link succeeds and whose item then fails, as the real service does. */
const ITEM_ERRORS: ReadonlySet<BankLinkErrorCode> = new Set([
  'NO_AUTH_ACCOUNTS',
  'INVALID_ACCOUNT',
  'PERMISSION_REVOKED',
  'ACCOUNT_REVOKED',
]);
/** Every code a sandbox password can reproduce. */
export const SANDBOX_ERROR_PASSWORD_CODES: readonly BankLinkErrorCode[] = [...SIGN_IN_ERRORS, ...ITEM_ERRORS];

/** Failures of the sandbox's own modal API that are not bank-link codes (mapped to 404/409/400). */
export class SandboxBankLinkRequestError extends Error {
  constructor(
    readonly kind: 'NOT_FOUND' | 'CONFLICT' | 'BAD_REQUEST',
    message: string,
  ) {
    super(message);
    this.name = 'SandboxBankLinkRequestError';
  }
}

export interface SandboxInstitutionView {
  id: string;
  name: string;
  logo: string | null;
  primaryColor: string;
  url: string;
}

export interface SandboxLinkAccountView {
  id: string;
  name: string;
  mask: string;
  subtype: string;
}

export interface SandboxBankLinkProvider extends BankLinkProvider {
  readonly name: 'sandbox';
  /** The modal's institution list (a live link token is needed, as with the real modal). */
  listInstitutions(linkToken: string, query?: string): Promise<SandboxInstitutionView[]>;
  /** Signs in at an institution; the password decides the outcome (see SANDBOX_ERROR_PASSWORD_CODES). */
  startSession(input: {
    linkToken: string;
    institutionId: string;
    username: string;
    password: string;
  }): Promise<{ sessionId: string; accounts: SandboxLinkAccountView[] }>;
  /**
   * Finishes a session with the chosen accounts and gives the one-time public token (30 minutes).
   * Update mode: the item's login error is cleared here (an empty choice keeps its accounts); its
   * public token, if exchanged, gives back the same item id and access token.
   */
  completeSession(
    sessionId: string,
    accountIds: string[],
  ): Promise<{
    publicToken: string;
    institution: { id: string; name: string };
    accounts: SandboxLinkAccountView[];
  }>;
  resetLogin(accessToken: string): Promise<void>;
  /** Item events, as the real service would send by webhook. Returns the unsubscribe function. */
  onItemEvent(listener: (event: BankLinkWebhookEvent) => unknown): () => void;
}

export const isSandboxBankLink = (provider: BankLinkProvider): provider is SandboxBankLinkProvider =>
  provider.name === 'sandbox';

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

const digest = (...parts: string[]): Buffer => createHash('sha256').update(parts.join('\u0000')).digest();

/** A 10–12 digit account number, fixed for a business's account at an institution. */
function accountNumberFor(institutionId: string, businessId: string, subtype: string): string {
  const bytes = digest('account-number', institutionId, businessId, subtype);
  const length = 10 + ((bytes[0] ?? 0) % 3);
  let digits = String(1 + ((bytes[1] ?? 0) % 9));
  for (let index = 2; digits.length < length; index += 1) digits += String((bytes[index] ?? 0) % 10);
  return digits;
}

const accountIdFor = (institutionId: string, businessId: string, subtype: string): string =>
  digest('account-id', institutionId, businessId, subtype)
    .toString('base64url')
    .replace(/[-_]/g, 'x')
    .slice(0, 37);

/** The accounts a business holds at an institution (always the same ones for the same business). */
export function sandboxAccountsFor(institution: SandboxInstitution, businessId: string): LinkedBankAccount[] {
  return institution.accounts.map((account) => {
    const accountNumber = accountNumberFor(institution.id, businessId, account.subtype);
    return {
      accountId: accountIdFor(institution.id, businessId, account.subtype),
      name: account.name,
      officialName: account.officialName,
      mask: accountNumber.slice(-4),
      type: 'depository',
      subtype: account.subtype,
      routingNumber: institution.routingNumber,
      accountNumber,
    };
  });
}

const accountView = (account: LinkedBankAccount): SandboxLinkAccountView => ({
  id: account.accountId,
  name: account.name,
  mask: account.mask,
  subtype: account.subtype,
});

/** `error_<CODE>` → the code, when it is one the sandbox reproduces. */
function scenarioOf(password: string): BankLinkErrorCode | null {
  const match = /^error_([A-Z_]+)$/.exec(password);
  const code = match?.[1] as BankLinkErrorCode | undefined;
  return code && (SIGN_IN_ERRORS.has(code) || ITEM_ERRORS.has(code)) ? code : null;
}

const randomId = (bytes = 16) => randomBytes(bytes).toString('hex');

/**
 * The bank-link provider that works offline, standing in for a bank-data network (Plaid's flow):
 * Ferry's own modal lists institutions and signs in through the sandbox routes; link tokens, sessions
 * and items live in the sandbox's own tables. It sends no webhooks; `onItemEvent` listeners hear what a
 * webhook would say (LOGIN_REQUIRED after resetLogin, LOGIN_REPAIRED after update mode).
 */
export function createSandboxBankLink(options: {
  database: Database;
  clock: Clock;
  /** Seals update-mode access tokens (made on first use). */
  secretBox: () => SecretBox;
}): SandboxBankLinkProvider {
  const { db } = options.database;
  const now = () => options.clock.now();
  const listeners = new Set<(event: BankLinkWebhookEvent) => unknown>();

  const emit = async (event: BankLinkWebhookEvent) => {
    for (const listener of listeners) {
      try {
        await listener(event);
      } catch {
        // A webhook receiver's failure never undoes what the bank did.
      }
    }
  };

  const liveLinkToken = async (linkToken: string) => {
    const [row] = await db
      .select()
      .from(sandboxBankLinkTokens)
      .where(eq(sandboxBankLinkTokens.tokenHash, sha256(linkToken)))
      .limit(1);
    if (!row || row.expiresAt.getTime() <= now().getTime()) throw bankLinkError('INVALID_LINK_TOKEN');
    return row;
  };

  const findItem = async (accessToken: string) => {
    const [row] = await db
      .select()
      .from(sandboxBankLinkItems)
      .where(eq(sandboxBankLinkItems.accessTokenHash, sha256(accessToken)))
      .limit(1);
    return row && !row.removedAt ? row : null;
  };

  const liveItem = async (accessToken: string) => {
    const item = await findItem(accessToken);
    if (!item) throw bankLinkError('INVALID_ACCESS_TOKEN');
    return item;
  };

  const institutionOf = (id: string) => {
    const institution = findSandboxInstitution(id);
    if (!institution) throw new SandboxBankLinkRequestError('NOT_FOUND', 'This bank was not found.');
    return institution;
  };

  return {
    name: 'sandbox',

    async createLinkToken({ businessId, userId, clientName, accessToken }) {
      const id = `lt_${randomId(12)}`;
      const linkToken = `link-sandbox-${randomUUID()}`;
      const expiration = new Date(now().getTime() + LINK_TOKEN_TTL_MS);
      let itemId: string | null = null;
      let accessTokenSealed: string | null = null;
      if (accessToken !== undefined) {
        const item = await liveItem(accessToken);
        if (item.businessId !== businessId) throw bankLinkError('INVALID_ACCESS_TOKEN');
        itemId = item.id;
        accessTokenSealed = options.secretBox().seal(accessToken, `sandbox-bank-link:${id}`);
      }
      await db.insert(sandboxBankLinkTokens).values({
        id,
        tokenHash: sha256(linkToken),
        businessId,
        userId,
        clientName,
        itemId,
        accessTokenSealed,
        expiresAt: expiration,
        createdAt: now(),
      });
      return { linkToken, expiration };
    },

    async exchangePublicToken(publicToken) {
      const at = now();
      return db.transaction(async (tx) => {
        const [session] = await tx
          .update(sandboxBankLinkSessions)
          .set({ publicTokenUsedAt: at })
          .where(
            and(
              eq(sandboxBankLinkSessions.publicTokenHash, sha256(publicToken)),
              isNull(sandboxBankLinkSessions.publicTokenUsedAt),
              gt(sandboxBankLinkSessions.publicTokenExpiresAt, at),
            ),
          )
          .returning();
        if (!session) throw bankLinkError('INVALID_PUBLIC_TOKEN');
        const [token] = await tx
          .select()
          .from(sandboxBankLinkTokens)
          .where(eq(sandboxBankLinkTokens.id, session.linkTokenId))
          .limit(1);
        if (!token) throw bankLinkError('INVALID_PUBLIC_TOKEN');
        if (token.itemId && token.accessTokenSealed) {
          // Update mode: the item stays the same.
          const accessToken = options
            .secretBox()
            .open(token.accessTokenSealed, `sandbox-bank-link:${token.id}`);
          return { accessToken, itemId: token.itemId };
        }
        const accessToken = `access-sandbox-${randomUUID()}`;
        const itemId = randomBytes(24).toString('base64url').replace(/[-_]/g, 'x');
        const revoked = session.scenario === 'PERMISSION_REVOKED';
        await tx.insert(sandboxBankLinkItems).values({
          id: itemId,
          accessTokenHash: sha256(accessToken),
          businessId: token.businessId,
          institutionId: session.institutionId,
          accountIds: session.accountIds ?? [],
          status: revoked ? 'REVOKED' : 'OK',
          errorCode: revoked ? 'PERMISSION_REVOKED' : null,
          scenario: session.scenario,
          createdAt: at,
          updatedAt: at,
        });
        return { accessToken, itemId };
      });
    },

    async getAuth(accessToken) {
      const item = await liveItem(accessToken);
      if (item.status === 'LOGIN_REQUIRED') throw bankLinkError('ITEM_LOGIN_REQUIRED');
      if (item.status === 'REVOKED') throw bankLinkError('PERMISSION_REVOKED');
      const scenario = item.scenario as BankLinkErrorCode | null;
      if (scenario && ITEM_ERRORS.has(scenario)) throw bankLinkError(scenario);
      const institution = findSandboxInstitution(item.institutionId);
      if (!institution) throw bankLinkError('ITEM_NOT_SUPPORTED');
      const chosen = new Set(item.accountIds);
      return {
        institution: { id: institution.id, name: institution.name },
        accounts: sandboxAccountsFor(institution, item.businessId).filter((account) =>
          chosen.has(account.accountId),
        ),
      };
    },

    async getItemStatus(accessToken) {
      const item = await findItem(accessToken);
      if (!item) return { status: 'REVOKED', errorCode: 'INVALID_ACCESS_TOKEN' };
      if (item.status === 'LOGIN_REQUIRED')
        return { status: 'LOGIN_REQUIRED', errorCode: item.errorCode ?? 'ITEM_LOGIN_REQUIRED' };
      if (item.status === 'REVOKED')
        return { status: 'REVOKED', errorCode: item.errorCode ?? 'PERMISSION_REVOKED' };
      return { status: 'OK', errorCode: null };
    },

    async removeItem(accessToken) {
      const at = now();
      await db
        .update(sandboxBankLinkItems)
        .set({ removedAt: at, status: 'REVOKED', updatedAt: at })
        .where(
          and(
            eq(sandboxBankLinkItems.accessTokenHash, sha256(accessToken)),
            isNull(sandboxBankLinkItems.removedAt),
          ),
        );
    },

    async verifyWebhook() {
      return null;
    },

    async resetLogin(accessToken) {
      const item = await liveItem(accessToken);
      await db
        .update(sandboxBankLinkItems)
        .set({ status: 'LOGIN_REQUIRED', errorCode: 'ITEM_LOGIN_REQUIRED', updatedAt: now() })
        .where(eq(sandboxBankLinkItems.id, item.id));
      await emit({ itemId: item.id, kind: 'LOGIN_REQUIRED', errorCode: 'ITEM_LOGIN_REQUIRED' });
    },

    onItemEvent(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    async listInstitutions(linkToken, query) {
      const token = await liveLinkToken(linkToken);
      let institutions = searchSandboxInstitutions(query);
      if (token.itemId) {
        // Update mode: only the item's own bank.
        const [item] = await db
          .select({ institutionId: sandboxBankLinkItems.institutionId })
          .from(sandboxBankLinkItems)
          .where(eq(sandboxBankLinkItems.id, token.itemId))
          .limit(1);
        institutions = institutions.filter((institution) => institution.id === item?.institutionId);
      }
      return institutions.map((institution) => ({
        id: institution.id,
        name: institution.name,
        logo: null,
        primaryColor: institution.primaryColor,
        url: institution.url,
      }));
    },

    async startSession({ linkToken, institutionId, username, password }) {
      const token = await liveLinkToken(linkToken);
      const institution = institutionOf(institutionId);
      if (token.itemId) {
        const [item] = await db
          .select()
          .from(sandboxBankLinkItems)
          .where(eq(sandboxBankLinkItems.id, token.itemId))
          .limit(1);
        if (!item || item.removedAt) throw bankLinkError('INVALID_ACCESS_TOKEN');
        if (item.institutionId !== institution.id) {
          throw new SandboxBankLinkRequestError(
            'BAD_REQUEST',
            'Please sign in to the bank this account was linked with.',
          );
        }
      }
      const scenario = scenarioOf(password);
      if (username !== SANDBOX_USERNAME || (password !== SANDBOX_PASSWORD && scenario === null)) {
        throw bankLinkError('INVALID_CREDENTIALS');
      }
      if (scenario && SIGN_IN_ERRORS.has(scenario)) throw bankLinkError(scenario);
      const at = now();
      const sessionId = `lnks_${randomId(16)}`;
      await db.insert(sandboxBankLinkSessions).values({
        id: sessionId,
        linkTokenId: token.id,
        institutionId: institution.id,
        scenario,
        expiresAt: new Date(Math.min(token.expiresAt.getTime(), at.getTime() + LINK_SESSION_TTL_MS)),
        createdAt: at,
      });
      return { sessionId, accounts: sandboxAccountsFor(institution, token.businessId).map(accountView) };
    },

    async completeSession(sessionId, accountIds) {
      const at = now();
      const [session] = await db
        .select()
        .from(sandboxBankLinkSessions)
        .where(eq(sandboxBankLinkSessions.id, sessionId))
        .limit(1);
      if (!session) throw new SandboxBankLinkRequestError('NOT_FOUND', 'This bank sign-in was not found.');
      if (session.completedAt)
        throw new SandboxBankLinkRequestError('CONFLICT', 'This bank sign-in has already been completed.');
      if (session.expiresAt.getTime() <= at.getTime()) throw bankLinkError('INVALID_LINK_TOKEN');
      const [token] = await db
        .select()
        .from(sandboxBankLinkTokens)
        .where(eq(sandboxBankLinkTokens.id, session.linkTokenId))
        .limit(1);
      if (!token) throw bankLinkError('INVALID_LINK_TOKEN');
      const institution = institutionOf(session.institutionId);
      const offered = sandboxAccountsFor(institution, token.businessId);
      const wanted = new Set(accountIds);
      if ([...wanted].some((id) => !offered.some((account) => account.accountId === id))) {
        throw new SandboxBankLinkRequestError('BAD_REQUEST', 'Please choose accounts from this bank only.');
      }
      const updateMode = token.itemId !== null;
      if (wanted.size === 0 && !updateMode) {
        throw new SandboxBankLinkRequestError('BAD_REQUEST', 'Please choose at least one account.');
      }
      const publicToken = `public-sandbox-${randomUUID()}`;
      const chosenIds = offered.filter((a) => wanted.has(a.accountId)).map((a) => a.accountId);
      const result = await db.transaction(async (tx) => {
        const [completed] = await tx
          .update(sandboxBankLinkSessions)
          .set({
            completedAt: at,
            accountIds: chosenIds,
            publicTokenHash: sha256(publicToken),
            publicTokenExpiresAt: new Date(at.getTime() + PUBLIC_TOKEN_TTL_MS),
          })
          .where(and(eq(sandboxBankLinkSessions.id, sessionId), isNull(sandboxBankLinkSessions.completedAt)))
          .returning({ id: sandboxBankLinkSessions.id });
        if (!completed) return null;
        if (!token.itemId) return { itemAccountIds: chosenIds };
        const [item] = await tx
          .select()
          .from(sandboxBankLinkItems)
          .where(eq(sandboxBankLinkItems.id, token.itemId))
          .limit(1);
        if (!item || item.removedAt) throw bankLinkError('INVALID_ACCESS_TOKEN');
        const itemAccountIds = chosenIds.length > 0 ? chosenIds : item.accountIds;
        const revoked = session.scenario === 'PERMISSION_REVOKED';
        await tx
          .update(sandboxBankLinkItems)
          .set({
            status: revoked ? 'REVOKED' : 'OK',
            errorCode: revoked ? 'PERMISSION_REVOKED' : null,
            scenario: session.scenario,
            accountIds: itemAccountIds,
            updatedAt: at,
          })
          .where(eq(sandboxBankLinkItems.id, item.id));
        return { itemAccountIds };
      });
      if (!result)
        throw new SandboxBankLinkRequestError('CONFLICT', 'This bank sign-in has already been completed.');
      if (token.itemId) {
        await emit({ itemId: token.itemId, kind: 'OTHER', errorCode: null, webhookCode: 'LOGIN_REPAIRED' });
      }
      const shown = new Set(result.itemAccountIds);
      return {
        publicToken,
        institution: { id: institution.id, name: institution.name },
        accounts: offered.filter((account) => shown.has(account.accountId)).map(accountView),
      };
    },
  };
}
