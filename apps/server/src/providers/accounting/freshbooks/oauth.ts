import freshbooksSdk from '@freshbooks/api';
import {
  AccountingError,
  type AccountingOrganisation,
  type AccountingProvider,
  type AccountingTokens,
} from '../accounting.js';
import { rethrowRefusal, text } from '../retry.js';
import { API_URL, type FreshBooksApi } from './api.js';
import type { FbIdentity, FbTokenAnswer, FreshBooksAccountingOptions } from './types.js';

const { Client: FreshBooksSdkClient } = freshbooksSdk;

const TOKEN_URL = `${API_URL}/auth/oauth/token`;
const REVOKE_URL = `${API_URL}/auth/oauth/revoke`;

/** The scopes Ferry's sync reads and writes (the app's settings at FreshBooks must allow them). */
const SCOPES = [
  'user:profile:read',
  'user:clients:read',
  'user:clients:write',
  'user:bills:read',
  'user:bills:write',
  'user:bill_payments:read',
  'user:bill_payments:write',
  'user:bill_vendors:read',
  'user:bill_vendors:write',
  'user:invoices:read',
  'user:invoices:write',
  'user:payments:read',
  'user:payments:write',
  'user:billable_items:read',
  'user:expenses:read',
];

/**
 * FreshBooks' OAuth: the consent URL (built by the official SDK), the code exchange (with the businesses
 * and who signed in, from users/me), refresh (the refresh token rotates) and revoke.
 */
export function createFreshBooksOAuth(
  options: FreshBooksAccountingOptions,
  deps: { send: FreshBooksApi['send'] },
): Pick<AccountingProvider, 'authorizationUrl' | 'exchangeCode' | 'refreshTokens' | 'revoke'> {
  const { send } = deps;

  const tokensFrom = (answer: FbTokenAnswer, previous: AccountingTokens | null, redirectUri: string) => {
    if (!answer.access_token || !answer.refresh_token)
      throw new AccountingError('UNAVAILABLE', 'FreshBooks answered without tokens.');
    const issuedMs = answer.created_at ? answer.created_at * 1000 : Date.now();
    const tokens: AccountingTokens = {
      accessToken: answer.access_token,
      // FreshBooks rotates the refresh token on every refresh: the old one no longer works.
      refreshToken: answer.refresh_token,
      accessTokenExpiresAt: new Date(issuedMs + (answer.expires_in ?? 43_200) * 1000).toISOString(),
      // FreshBooks' refresh tokens last until used.
      refreshTokenExpiresAt: null,
      extra: { ...(previous?.extra ?? {}), redirectUri },
    };
    return tokens;
  };

  const tokenCall = async (body: Record<string, string>, refused: 'ACCESS_DENIED' | 'TOKEN_EXPIRED') => {
    try {
      return await send<FbTokenAnswer>('POST', TOKEN_URL, {
        body: { client_id: options.clientId, client_secret: options.clientSecret, ...body },
      });
    } catch (error) {
      // invalid_grant (a used, expired or revoked code or refresh token) answers 400 or 401.
      rethrowRefusal(error, refused);
    }
  };

  return {
    authorizationUrl({ state, redirectUri }) {
      // FreshBooks has no separate sign-in consent: the identity comes with every grant (users/me).
      const sdk = new FreshBooksSdkClient(options.clientId, { redirectUri });
      return `${sdk.getAuthRequestUrl(SCOPES)}&state=${encodeURIComponent(state)}`;
    },

    async exchangeCode({ query, redirectUri }) {
      if (query.error) {
        throw new AccountingError(
          'ACCESS_DENIED',
          query.error_description || 'The consent was declined at FreshBooks.',
        );
      }
      if (!query.code) throw new AccountingError('ACCESS_DENIED', 'FreshBooks sent no authorisation code.');
      const answer = await tokenCall(
        { grant_type: 'authorization_code', code: query.code, redirect_uri: redirectUri },
        'ACCESS_DENIED',
      );
      const tokens = tokensFrom(answer, null, redirectUri);
      const me = await send<{ response?: FbIdentity }>('GET', `${API_URL}/auth/api/v1/users/me`, {
        token: tokens.accessToken,
      });
      const identity = me.response ?? {};
      const organisations: AccountingOrganisation[] = [];
      for (const membership of identity.business_memberships ?? []) {
        const accountId = membership.business?.account_id;
        // A business without an accounting account (time tracking only) has no books to sync.
        if (!accountId || organisations.some((o) => o.id === accountId)) continue;
        organisations.push({ id: accountId, name: membership.business?.name ?? accountId, currency: null });
      }
      return {
        tokens,
        organisations,
        identity:
          identity.email && (identity.identity_id ?? identity.id) !== undefined
            ? {
                providerUserId: String(identity.identity_id ?? identity.id),
                email: identity.email,
                firstName: text(identity.first_name),
                lastName: text(identity.last_name),
              }
            : null,
      };
    },

    async refreshTokens(tokens) {
      const redirectUri = tokens.extra?.redirectUri;
      if (!redirectUri)
        throw new AccountingError('TOKEN_EXPIRED', 'The FreshBooks grant lacks its redirect URI.');
      const answer = await tokenCall(
        { grant_type: 'refresh_token', refresh_token: tokens.refreshToken, redirect_uri: redirectUri },
        'TOKEN_EXPIRED',
      );
      return tokensFrom(answer, tokens, redirectUri);
    },

    async revoke(tokens) {
      await send('POST', REVOKE_URL, {
        body: {
          client_id: options.clientId,
          client_secret: options.clientSecret,
          token: tokens.refreshToken,
        },
      }).catch(() => undefined);
    },
  };
}
