import type { SandboxGrant } from '@ferry/domain/schemas';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/errors.js';
import { newId } from '../../../platform/ids.js';
import {
  AccountingError,
  type AccountingHandle,
  type AccountingProvider,
  type AccountingProviderType,
  type AccountingTokens,
} from '../accounting.js';
import { type SandboxBooksGrantRow, sandboxBooksCompanies, sandboxBooksGrants } from '../sandbox-tables.js';
import {
  ACCESS_TOKEN_TTL_MS,
  AUTHORIZE_PATH,
  CALLBACK_PATH,
  CODE_TTL_MS,
  ID,
  providerName,
  REFRESH_TOKEN_TTL_MS,
  SANDBOX_BOOKS_MESSAGES,
  type SandboxBooks,
  secret,
  sha256,
} from './common.js';
import { validationError } from './records.js';
import type { SandboxStore } from './store.js';

// ---------------------------------------------------------------------------------------------------
// Redirects
// ---------------------------------------------------------------------------------------------------

/** Ferry's callback (absolute http(s) URL or the bare path), or null for anything else. */
export function parseRedirectUri(redirectUri: string): URL | null {
  const relative = redirectUri.startsWith('/') && !redirectUri.startsWith('//');
  let url: URL;
  try {
    url = relative ? new URL(redirectUri, 'http://ferry.invalid') : new URL(redirectUri);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.pathname !== CALLBACK_PATH) return null;
  if (relative && url.origin !== 'http://ferry.invalid') return null;
  return url;
}

export function assertRedirectUri(redirectUri: string): URL {
  const url = parseRedirectUri(redirectUri);
  if (!url) {
    throw new AppError('VALIDATION_ERROR', SANDBOX_BOOKS_MESSAGES.redirectUri, {
      errors: [{ field: 'redirectUri', message: SANDBOX_BOOKS_MESSAGES.redirectUri }],
    });
  }
  return url;
}

export function redirectTo(redirectUri: string, params: Record<string, string>): string {
  const url = assertRedirectUri(redirectUri);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  url.hash = '';
  return redirectUri.startsWith('/') ? `${url.pathname}${url.search}` : url.toString();
}

export type SandboxGrants = ReturnType<typeof createSandboxGrants>;

/**
 * Sandbox Books' consent, grants and tokens: the consent page's answers, the provider's OAuth (code
 * exchange, refresh, revoke), the check that a handle's access token is live, and the browse page's
 * grant list and expiry.
 */
export function createSandboxGrants(deps: { db: Database['db']; now: () => Date; store: SandboxStore }) {
  const { db, now } = deps;
  const { ownedCompany, companyViews, listOwnedCompanies } = deps.store;

  // --- tokens ----------------------------------------------------------------------------------------

  const issueTokens = (at: Date) => {
    const accessToken = secret('sbx_at_');
    const refreshToken = secret('sbx_rt_');
    const accessExpiresAt = new Date(at.getTime() + ACCESS_TOKEN_TTL_MS);
    const refreshExpiresAt = new Date(at.getTime() + REFRESH_TOKEN_TTL_MS);
    const tokens: AccountingTokens = {
      accessToken,
      refreshToken,
      accessTokenExpiresAt: accessExpiresAt.toISOString(),
      refreshTokenExpiresAt: refreshExpiresAt.toISOString(),
    };
    const columns = {
      accessTokenHash: sha256(accessToken),
      accessExpiresAt,
      refreshTokenHash: sha256(refreshToken),
      refreshExpiresAt,
      updatedAt: at,
    };
    return { tokens, columns };
  };

  /** The handle's company, when its access token is live and covers it. */
  const authorise = async (handle: AccountingHandle, tx: DbOrTx = db) => {
    const at = now();
    const [grant] = await tx
      .select()
      .from(sandboxBooksGrants)
      .where(eq(sandboxBooksGrants.accessTokenHash, sha256(handle.tokens.accessToken)))
      .limit(1);
    const live =
      grant &&
      !grant.expiredAt &&
      !grant.revokedAt &&
      grant.accessExpiresAt !== null &&
      grant.accessExpiresAt.getTime() > at.getTime();
    if (!live) throw new AccountingError('TOKEN_EXPIRED', SANDBOX_BOOKS_MESSAGES.tokenExpired);
    const [company] = ID.test(handle.organisationId)
      ? await tx
          .select()
          .from(sandboxBooksCompanies)
          .where(eq(sandboxBooksCompanies.id, handle.organisationId))
          .limit(1)
      : [];
    if (!company) throw new AccountingError('NOT_FOUND', 'The company was not found in the books.');
    if (!grant.companyIds.includes(company.id))
      throw new AccountingError('TOKEN_EXPIRED', 'The grant does not cover this company.');
    return company;
  };

  const grantStatus = (grant: SandboxBooksGrantRow, at: Date): SandboxGrant['status'] => {
    if (grant.revokedAt) return 'REVOKED';
    if (grant.expiredAt) return 'EXPIRED';
    if (grant.refreshExpiresAt) return grant.refreshExpiresAt > at ? 'ACTIVE' : 'EXPIRED';
    // Not exchanged yet: live while its code is.
    return !grant.codeUsedAt && grant.codeExpiresAt && grant.codeExpiresAt > at ? 'ACTIVE' : 'EXPIRED';
  };

  /** The provider's OAuth half for a type: consent URL, code exchange, refresh, revoke. */
  const oauth = (
    type: AccountingProviderType,
  ): Pick<AccountingProvider, 'authorizationUrl' | 'exchangeCode' | 'refreshTokens' | 'revoke'> => ({
    authorizationUrl({ state, redirectUri, purpose }) {
      const query = new URLSearchParams({ providerType: type, state, redirectUri, purpose });
      return `${AUTHORIZE_PATH}?${query.toString()}`;
    },

    async exchangeCode({ query, redirectUri }) {
      if (query.error) throw new AccountingError('ACCESS_DENIED', SANDBOX_BOOKS_MESSAGES.denied);
      const code = query.code;
      if (!code) throw new AccountingError('ACCESS_DENIED', SANDBOX_BOOKS_MESSAGES.invalidCode);
      const at = now();
      const { tokens, columns } = issueTokens(at);
      const [grant] = await db
        .update(sandboxBooksGrants)
        .set({ ...columns, codeUsedAt: at })
        .where(
          and(
            eq(sandboxBooksGrants.codeHash, sha256(code)),
            eq(sandboxBooksGrants.providerType, type),
            eq(sandboxBooksGrants.redirectUri, redirectUri),
            isNull(sandboxBooksGrants.codeUsedAt),
            gt(sandboxBooksGrants.codeExpiresAt, at),
            isNull(sandboxBooksGrants.revokedAt),
            isNull(sandboxBooksGrants.expiredAt),
          ),
        )
        .returning();
      if (!grant) throw new AccountingError('ACCESS_DENIED', SANDBOX_BOOKS_MESSAGES.invalidCode);
      const rows =
        grant.companyIds.length > 0
          ? await db
              .select()
              .from(sandboxBooksCompanies)
              .where(inArray(sandboxBooksCompanies.id, grant.companyIds))
          : [];
      // In the order the person chose them at the consent page.
      const companies = grant.companyIds.flatMap((id) => rows.filter((row) => row.id === id));
      const identity = grant.identity
        ? {
            providerUserId: `sbx_user_${sha256(grant.identity.email.toLowerCase()).slice(0, 24)}`,
            email: grant.identity.email,
            firstName: grant.identity.firstName,
            lastName: grant.identity.lastName,
          }
        : null;
      return {
        tokens,
        organisations: companies.map((company) => ({
          id: company.id,
          name: company.name,
          currency: company.currency,
        })),
        identity,
      };
    },

    async refreshTokens(previous) {
      const at = now();
      const { tokens, columns } = issueTokens(at);
      const [grant] = await db
        .update(sandboxBooksGrants)
        .set(columns)
        .where(
          and(
            eq(sandboxBooksGrants.refreshTokenHash, sha256(previous.refreshToken)),
            gt(sandboxBooksGrants.refreshExpiresAt, at),
            isNull(sandboxBooksGrants.revokedAt),
            isNull(sandboxBooksGrants.expiredAt),
          ),
        )
        .returning({ id: sandboxBooksGrants.id });
      if (!grant) throw new AccountingError('TOKEN_EXPIRED', SANDBOX_BOOKS_MESSAGES.refreshExpired);
      return tokens;
    },

    async revoke(tokens) {
      const at = now();
      await db
        .update(sandboxBooksGrants)
        .set({ revokedAt: at, updatedAt: at })
        .where(
          and(
            or(
              eq(sandboxBooksGrants.accessTokenHash, sha256(tokens.accessToken)),
              eq(sandboxBooksGrants.refreshTokenHash, sha256(tokens.refreshToken)),
            ),
            isNull(sandboxBooksGrants.revokedAt),
          ),
        );
    },
  });

  const service: Pick<SandboxBooks, 'getConsent' | 'decideConsent' | 'listGrants' | 'expireTokens'> = {
    async getConsent({ userId, providerType, purpose, redirectUri }) {
      assertRedirectUri(redirectUri);
      if (purpose === 'CONNECT' && !userId)
        throw new AppError('UNAUTHENTICATED', SANDBOX_BOOKS_MESSAGES.signIn);
      const companies = purpose === 'CONNECT' && userId ? await listOwnedCompanies(userId) : [];
      return {
        providerType,
        providerName: providerName(providerType),
        purpose,
        companies: await companyViews(companies),
      };
    },

    async decideConsent({ userId, request }) {
      const { providerType, state, redirectUri, purpose, decision } = request;
      assertRedirectUri(redirectUri);
      if (purpose === 'CONNECT' && !userId)
        throw new AppError('UNAUTHENTICATED', SANDBOX_BOOKS_MESSAGES.signIn);
      if (decision === 'DENY') {
        return { redirectUrl: redirectTo(redirectUri, { error: 'access_denied', state, providerType }) };
      }
      const companyIds = [...new Set(request.companyIds)];
      if (companyIds.length > 0) {
        if (!userId) throw new AppError('UNAUTHENTICATED', SANDBOX_BOOKS_MESSAGES.signIn);
        const owned = await db
          .select({ id: sandboxBooksCompanies.id })
          .from(sandboxBooksCompanies)
          .where(
            and(
              inArray(
                sandboxBooksCompanies.id,
                companyIds.filter((id) => ID.test(id)),
              ),
              eq(sandboxBooksCompanies.ownerUserId, userId),
            ),
          );
        if (owned.length !== companyIds.length)
          throw validationError([{ field: 'companyIds', message: SANDBOX_BOOKS_MESSAGES.chooseCompany }]);
      }
      if (purpose === 'CONNECT' && companyIds.length === 0)
        throw validationError([{ field: 'companyIds', message: SANDBOX_BOOKS_MESSAGES.chooseCompany }]);
      if (purpose === 'SIGN_IN' && !request.email)
        throw validationError([{ field: 'email', message: SANDBOX_BOOKS_MESSAGES.email }]);
      const at = now();
      const code = secret('sbx_ac_');
      await db.insert(sandboxBooksGrants).values({
        id: newId(),
        providerType,
        ownerUserId: userId,
        companyIds,
        identity:
          purpose === 'SIGN_IN' && request.email
            ? { email: request.email, ...namesFromEmail(request.email) }
            : null,
        redirectUri,
        codeHash: sha256(code),
        codeExpiresAt: new Date(at.getTime() + CODE_TTL_MS),
        createdAt: at,
        updatedAt: at,
      });
      return { redirectUrl: redirectTo(redirectUri, { code, state, providerType }) };
    },

    async listGrants({ userId, companyId }) {
      const company = await ownedCompany(userId, companyId);
      const at = now();
      const grants = await db
        .select()
        .from(sandboxBooksGrants)
        .where(sql`${sandboxBooksGrants.companyIds} @> ${JSON.stringify([company.id])}::jsonb`)
        .orderBy(desc(sandboxBooksGrants.createdAt), desc(sandboxBooksGrants.id));
      return grants.map((grant) => ({
        id: grant.id,
        providerType: grant.providerType as AccountingProviderType,
        createdAt: grant.createdAt.toISOString(),
        accessExpiresAt: grant.accessExpiresAt?.toISOString() ?? null,
        status: grantStatus(grant, at),
      }));
    },

    async expireTokens({ userId, companyId }) {
      const company = await ownedCompany(userId, companyId);
      const at = now();
      const expired = await db
        .update(sandboxBooksGrants)
        .set({ expiredAt: at, updatedAt: at })
        .where(
          and(
            sql`${sandboxBooksGrants.companyIds} @> ${JSON.stringify([company.id])}::jsonb`,
            isNull(sandboxBooksGrants.expiredAt),
            isNull(sandboxBooksGrants.revokedAt),
          ),
        )
        .returning({ id: sandboxBooksGrants.id });
      return { expired: expired.length };
    },
  };

  return { authorise, oauth, service };
}

/** 'jane.doe@…' → Jane / Doe; otherwise no names (the sandbox knows only the email). */
function namesFromEmail(email: string): { firstName: string | null; lastName: string | null } {
  const parts = (email.split('@')[0] ?? '').split(/[._-]+/).filter((part) => /^[a-z]{2,}$/i.test(part));
  const title = (part: string) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase();
  if (parts.length < 2) return { firstName: parts[0] ? title(parts[0]) : null, lastName: null };
  return { firstName: title(parts[0] as string), lastName: title(parts[parts.length - 1] as string) };
}
