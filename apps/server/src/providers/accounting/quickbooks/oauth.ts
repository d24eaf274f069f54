import OAuthClient from 'intuit-oauth';
import {
  AccountingError,
  type AccountingIdentity,
  type AccountingProvider,
  type AccountingTokens,
} from '../accounting.js';
import { consentError, oauthError, readBody } from '../retry.js';
import type { QuickBooksApi } from './api.js';
import type { QboTokenAnswer, QuickBooksAccountingOptions } from './types.js';

type Retry = <T>(call: () => Promise<T>) => Promise<T>;

/** The axios-shaped request intuit-oauth builds for its token, revoke and userinfo calls. */
interface IntuitRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  data?: Record<string, string>;
}

/**
 * QuickBooks' OAuth through the official `intuit-oauth` client: the consent URL, the code exchange (with
 * the company's name and currency, and who signed in), refresh and revoke.
 *
 * intuit-oauth sends its requests with the module-level axios and its own retry loop. Each operation
 * gets a fresh OAuthClient (it keeps the token on the instance, so a shared one would mix businesses)
 * whose `loadResponse` (its one HTTP seam, public in its typings) sends the request through our fetch
 * instead: one HTTP path for the whole adapter, retried by withRetries, and replayable in tests.
 */
export function createQuickBooksOAuth(
  options: QuickBooksAccountingOptions,
  deps: { fetchImpl: typeof fetch; retry: Retry; api: QuickBooksApi['api'] },
): Pick<AccountingProvider, 'authorizationUrl' | 'exchangeCode' | 'refreshTokens' | 'revoke'> {
  const { fetchImpl, retry, api } = deps;

  /** Runs intuit-oauth with its HTTP routed through fetch; failures become AccountingErrors. */
  const intuit = async <T>(
    run: (client: OAuthClient) => Promise<T>,
    redirectUri = '',
    accessToken?: string,
  ): Promise<T> => {
    const client = new OAuthClient({
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      environment: options.environment,
      redirectUri,
    });
    if (accessToken) client.setToken({ access_token: accessToken });
    let failure: AccountingError | null = null;
    client.loadResponse = async (request: IntuitRequest) => {
      const headers = request.headers ?? {};
      const contentType = Object.entries(headers).find(
        ([name]) => name.toLowerCase() === 'content-type',
      )?.[1];
      const body = request.data
        ? contentType?.includes('x-www-form-urlencoded')
          ? new URLSearchParams(request.data).toString()
          : JSON.stringify(request.data)
        : undefined;
      let response: Response;
      try {
        response = await fetchImpl(request.url, { method: request.method ?? 'GET', headers, body });
      } catch {
        failure = new AccountingError('UNAVAILABLE', "Intuit's sign-in service could not be reached.");
        throw failure;
      }
      const data = await readBody(response);
      if (!response.ok) {
        failure = oauthError('QuickBooks', "Intuit's sign-in service", response, data);
        throw failure;
      }
      return {
        status: response.status,
        statusText: response.statusText,
        headers: Object.fromEntries(response.headers),
        data,
      };
    };
    try {
      return await run(client);
    } catch {
      // intuit-oauth wraps what loadResponse threw (and may copy the request into it): keep only ours.
      throw failure ?? new AccountingError('UNAVAILABLE', "Intuit's sign-in service answered unexpectedly.");
    }
  };

  const tokensFrom = (answer: QboTokenAnswer | null | undefined): AccountingTokens => {
    if (!answer?.access_token || !answer.refresh_token)
      throw new AccountingError('UNAVAILABLE', "Intuit's sign-in service gave no tokens.");
    const now = Date.now();
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      accessTokenExpiresAt: new Date(now + answer.expires_in * 1000).toISOString(),
      refreshTokenExpiresAt: answer.x_refresh_token_expires_in
        ? new Date(now + answer.x_refresh_token_expires_in * 1000).toISOString()
        : null,
    };
  };

  const scopesFor = (purpose: 'CONNECT' | 'SIGN_IN'): string[] =>
    purpose === 'SIGN_IN'
      ? [
          OAuthClient.scopes.Accounting,
          OAuthClient.scopes.OpenId,
          OAuthClient.scopes.Email,
          OAuthClient.scopes.Profile,
        ]
      : [OAuthClient.scopes.Accounting];

  return {
    authorizationUrl({ state, redirectUri, purpose }) {
      const client = new OAuthClient({
        clientId: options.clientId,
        clientSecret: options.clientSecret,
        environment: options.environment,
        redirectUri,
      });
      return client.authorizeUri({ scope: scopesFor(purpose), state });
    },

    async exchangeCode({ query, redirectUri }) {
      if (query.error) throw consentError('QuickBooks', query.error);
      const { code, realmId } = query;
      if (!code || !realmId)
        throw new AccountingError('REJECTED', 'The QuickBooks answer named no code or company.');
      const callback = `?${new URLSearchParams({ code, realmId, ...(query.state ? { state: query.state } : {}) })}`;
      const answer = await retry(() =>
        intuit(async (client) => (await client.createToken(callback)).json as QboTokenAnswer, redirectUri),
      );
      const tokens = tokensFrom(answer);
      const [company, preferences] = await Promise.all([
        retry(() =>
          api<{ CompanyInfo?: { CompanyName?: string } }>(
            tokens.accessToken,
            realmId,
            'GET',
            `companyinfo/${encodeURIComponent(realmId)}`,
          ),
        ),
        retry(() =>
          api<{ Preferences?: { CurrencyPrefs?: { HomeCurrency?: { value?: string } } } }>(
            tokens.accessToken,
            realmId,
            'GET',
            'preferences',
          ),
        ),
      ]);
      let identity: AccountingIdentity | null = null;
      // Only a sign-in asks for the openid scope, and only then does Intuit return an id_token.
      if (answer.id_token) {
        const info = await retry(() =>
          intuit(
            async (client) => (await client.getUserInfo()).json as Record<string, unknown>,
            '',
            tokens.accessToken,
          ),
        );
        const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
        const sub = text(info?.sub);
        const email = text(info?.email);
        if (!sub || !email) throw new AccountingError('ACCESS_DENIED', 'Intuit did not share who signed in.');
        identity = {
          providerUserId: sub,
          email,
          firstName: text(info.givenName),
          lastName: text(info.familyName),
        };
      }
      return {
        tokens,
        organisations: [
          {
            id: realmId,
            name: company.CompanyInfo?.CompanyName || 'QuickBooks company',
            currency: preferences.Preferences?.CurrencyPrefs?.HomeCurrency?.value ?? null,
          },
        ],
        identity,
      };
    },

    async refreshTokens(tokens) {
      const answer = await retry(() =>
        intuit(
          async (client) => (await client.refreshUsingToken(tokens.refreshToken)).json as QboTokenAnswer,
        ),
      );
      return tokensFrom(answer);
    },

    async revoke(tokens) {
      try {
        await retry(() => intuit((client) => client.revoke({ refresh_token: tokens.refreshToken })));
      } catch (error) {
        // Already revoked or lapsed at Intuit: the grant is over, which is what was asked.
        if (!(error instanceof AccountingError && error.code === 'TOKEN_EXPIRED')) throw error;
      }
    },
  };
}
