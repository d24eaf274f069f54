import { AccountingError, type AccountingProvider, type AccountingTokens } from '../accounting.js';
import { rethrowRefusal } from '../retry.js';
import type { ZohoBooksApi } from './api.js';
import type { ZohoBooksAccountingOptions, ZohoTokenAnswer } from './types.js';

const DEFAULT_ACCOUNTS_URL = 'https://accounts.zoho.com';
const SCOPE = 'ZohoBooks.fullaccess.all';
/** Zoho's data-centre accounts servers, the only ones a redirect may name. */
const ACCOUNTS_SERVER = /^https:\/\/accounts\.zoho\.(com|eu|in|com\.au|jp|ca|sa|uk|com\.cn)$/;

/**
 * Zoho's OAuth: the consent at the configured accounts server, the code exchange at the person's own
 * (`accounts-server`) with the organisations from the token's API domain, refresh and revoke.
 */
export function createZohoBooksOAuth(
  options: ZohoBooksAccountingOptions,
  deps: { send: ZohoBooksApi['send']; apiDomain: ZohoBooksApi['apiDomain'] },
): Pick<AccountingProvider, 'authorizationUrl' | 'exchangeCode' | 'refreshTokens' | 'revoke'> {
  const { send, apiDomain } = deps;
  const defaultAccountsUrl = (options.accountsUrl ?? DEFAULT_ACCOUNTS_URL).replace(/\/+$/, '');

  const accountsUrlOf = (tokens: AccountingTokens) => tokens.extra?.accountsUrl ?? defaultAccountsUrl;

  const tokenCall = async (
    accountsUrl: string,
    form: Record<string, string>,
    refused: 'ACCESS_DENIED' | 'TOKEN_EXPIRED',
  ) => {
    let answer: ZohoTokenAnswer;
    try {
      answer = await send<ZohoTokenAnswer>('POST', `${accountsUrl}/oauth/v2/token`, {
        form: { client_id: options.clientId, client_secret: options.clientSecret, ...form },
      });
    } catch (error) {
      rethrowRefusal(error, refused);
    }
    // Zoho answers a refused code or refresh token with 200 and `error` (invalid_code...).
    if (answer.error || !answer.access_token)
      throw new AccountingError(
        refused,
        answer.error ? `Zoho refused the grant (${answer.error}).` : 'Zoho sent no token.',
      );
    return answer;
  };

  return {
    authorizationUrl({ state, redirectUri }) {
      // Zoho's OAuth has no separate sign-in consent here: the grant is for Books only (identity: null).
      const params = new URLSearchParams({
        scope: SCOPE,
        client_id: options.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        access_type: 'offline',
        prompt: 'consent',
        state,
      });
      return `${defaultAccountsUrl}/oauth/v2/auth?${params}`;
    },

    async exchangeCode({ query, redirectUri }) {
      if (query.error) throw new AccountingError('ACCESS_DENIED', 'The consent was declined at Zoho.');
      if (!query.code) throw new AccountingError('ACCESS_DENIED', 'Zoho sent no authorisation code.');
      const named = query['accounts-server'];
      const accountsUrl = named && ACCOUNTS_SERVER.test(named) ? named : defaultAccountsUrl;
      const answer = await tokenCall(
        accountsUrl,
        { grant_type: 'authorization_code', code: query.code, redirect_uri: redirectUri },
        'ACCESS_DENIED',
      );
      if (!answer.refresh_token) throw new AccountingError('UNAVAILABLE', 'Zoho sent no refresh token.');
      const tokens: AccountingTokens = {
        accessToken: answer.access_token as string,
        refreshToken: answer.refresh_token,
        accessTokenExpiresAt: new Date(Date.now() + (answer.expires_in ?? 3600) * 1000).toISOString(),
        // Zoho's refresh tokens last until revoked.
        refreshTokenExpiresAt: null,
        extra: { apiDomain: answer.api_domain ?? 'https://www.zohoapis.com', accountsUrl },
      };
      const found = await send<{
        organizations?: { organization_id: string; name?: string; currency_code?: string | null }[];
      }>('GET', `${apiDomain(tokens)}/books/v3/organizations`, { token: tokens.accessToken });
      return {
        tokens,
        organisations: (found.organizations ?? []).map((o) => ({
          id: o.organization_id,
          name: o.name ?? o.organization_id,
          currency: o.currency_code ?? null,
        })),
        identity: null,
      };
    },

    async refreshTokens(tokens) {
      const answer = await tokenCall(
        accountsUrlOf(tokens),
        { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
        'TOKEN_EXPIRED',
      );
      return {
        accessToken: answer.access_token as string,
        // Zoho does not rotate refresh tokens: the refresh answer has none, the old one stays good.
        refreshToken: answer.refresh_token ?? tokens.refreshToken,
        accessTokenExpiresAt: new Date(Date.now() + (answer.expires_in ?? 3600) * 1000).toISOString(),
        refreshTokenExpiresAt: null,
        extra: { ...tokens.extra, apiDomain: answer.api_domain ?? apiDomain(tokens) },
      };
    },

    async revoke(tokens) {
      // Zoho documents the token as a parameter of the revoke call; a form body keeps it out of URLs.
      await send('POST', `${accountsUrlOf(tokens)}/oauth/v2/token/revoke`, {
        form: { token: tokens.refreshToken },
      }).catch(() => undefined);
    },
  };
}
