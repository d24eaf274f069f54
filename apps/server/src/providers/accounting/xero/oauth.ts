import { decodeJwt } from 'jose';
import {
  AccountingError,
  type AccountingIdentity,
  type AccountingOrganisation,
  type AccountingProvider,
  type AccountingTokens,
} from '../accounting.js';
import { consentError, oauthError, readBody, sendRequest } from '../retry.js';
import type { XeroApi } from './api.js';
import type { XeroAccountingOptions, XeroConnection, XeroTokenAnswer } from './types.js';

const AUTHORIZE_URL = 'https://login.xero.com/identity/connect/authorize';
const TOKEN_URL = 'https://identity.xero.com/connect/token';
const REVOKE_URL = 'https://identity.xero.com/connect/revocation';
const CONNECTIONS_URL = 'https://api.xero.com/connections';
const ISSUER = 'https://identity.xero.com';

/** Xero refresh tokens lapse 60 days after they are issued (unused); each refresh issues a new one. */
const REFRESH_TOKEN_DAYS = 60;

/**
 * Xero's granular scopes (apps created from March 2026 can no longer ask for `accounting.transactions`):
 * invoices and bills (and items), payments, contacts, and the chart of accounts read-only.
 */
const CONNECT_SCOPES = [
  'offline_access',
  'accounting.invoices',
  'accounting.payments',
  'accounting.contacts',
  'accounting.settings.read',
];
const SIGN_IN_SCOPES = ['openid', 'profile', 'email'];

type Retry = <T>(call: () => Promise<T>) => Promise<T>;

/** Xero's OAuth 2 (with OpenID for sign-in): the consent URL, the code exchange (with the organisations), refresh and revoke. */
export function createXeroOAuth(
  options: XeroAccountingOptions,
  deps: { fetchImpl: typeof fetch; retry: Retry; api: XeroApi['api']; first: XeroApi['first'] },
): Pick<AccountingProvider, 'authorizationUrl' | 'exchangeCode' | 'refreshTokens' | 'revoke'> {
  const { fetchImpl, retry, api, first } = deps;
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;

  /** A call to Xero's identity service (token, revocation), form-encoded with the app's credentials. */
  const identity = async (url: string, form: Record<string, string>): Promise<XeroTokenAnswer> => {
    const response = await sendRequest(
      fetchImpl,
      url,
      {
        method: 'POST',
        headers: {
          Authorization: basic,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
      },
      "Xero's sign-in service",
    );
    const body = await readBody(response);
    if (!response.ok) throw oauthError('Xero', "Xero's sign-in service", response, body);
    return (body ?? {}) as XeroTokenAnswer;
  };

  const tokensFrom = (answer: XeroTokenAnswer): AccountingTokens => {
    if (!answer.access_token || !answer.refresh_token)
      throw new AccountingError('UNAVAILABLE', "Xero's sign-in service gave no tokens.");
    const now = Date.now();
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      accessTokenExpiresAt: new Date(now + (answer.expires_in ?? 1800) * 1000).toISOString(),
      refreshTokenExpiresAt: new Date(now + REFRESH_TOKEN_DAYS * 86_400_000).toISOString(),
    };
  };

  return {
    authorizationUrl({ state, redirectUri, purpose }) {
      const scopes = purpose === 'SIGN_IN' ? [...SIGN_IN_SCOPES, ...CONNECT_SCOPES] : CONNECT_SCOPES;
      const url = new URL(AUTHORIZE_URL);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope: scopes.join(' '),
        state,
      }).toString();
      return url.toString();
    },

    async exchangeCode({ query, redirectUri }) {
      if (query.error) throw consentError('Xero', query.error);
      if (!query.code) throw new AccountingError('REJECTED', 'The Xero answer named no code.');
      const code = query.code;
      const answer = await retry(() =>
        identity(TOKEN_URL, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
      );
      const tokens = tokensFrom(answer);
      const connections = await retry(() =>
        api<XeroConnection[]>(tokens.accessToken, null, 'GET', CONNECTIONS_URL),
      );
      const organisations: AccountingOrganisation[] = [];
      for (const connection of connections.filter((c) => c.tenantType === 'ORGANISATION')) {
        const answerOrg = await retry(() =>
          api<Record<string, unknown>>(tokens.accessToken, connection.tenantId, 'GET', 'Organisation'),
        );
        const organisation = first<{ Name?: string; BaseCurrency?: string }>(answerOrg, 'Organisations');
        organisations.push({
          id: connection.tenantId,
          name: organisation.Name || connection.tenantName || 'Xero organisation',
          currency: organisation.BaseCurrency ?? null,
        });
      }
      return { tokens, organisations, identity: answer.id_token ? identityFrom(answer.id_token) : null };
    },

    async refreshTokens(tokens) {
      return tokensFrom(
        await retry(() =>
          identity(TOKEN_URL, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken }),
        ),
      );
    },

    async revoke(tokens) {
      try {
        await retry(() => identity(REVOKE_URL, { token: tokens.refreshToken }));
      } catch (error) {
        // Already revoked or lapsed at Xero: the grant is over, which is what was asked.
        if (!(error instanceof AccountingError && error.code === 'TOKEN_EXPIRED')) throw error;
      }
    },
  };

  /**
   * Who signed in, from the id_token Xero's token endpoint handed over directly (OpenID Connect Core
   * 3.1.3.7: TLS to the token endpoint stands for the signature check); issuer and audience are checked.
   */
  function identityFrom(idToken: string): AccountingIdentity {
    let claims: Record<string, unknown>;
    try {
      claims = decodeJwt(idToken);
    } catch {
      throw new AccountingError('UNAVAILABLE', 'Xero gave an unreadable identity.');
    }
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (claims.iss !== ISSUER || !audience.includes(options.clientId))
      throw new AccountingError('ACCESS_DENIED', 'The Xero identity was not issued to Ferry.');
    const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
    const providerUserId = text(claims.xero_userid) ?? text(claims.sub);
    const email = text(claims.email);
    if (!providerUserId || !email)
      throw new AccountingError('ACCESS_DENIED', 'Xero did not share who signed in.');
    return { providerUserId, email, firstName: text(claims.given_name), lastName: text(claims.family_name) };
  }
}
