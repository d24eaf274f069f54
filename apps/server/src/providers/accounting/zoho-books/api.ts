import { AccountingError, type AccountingTokens } from '../accounting.js';
import { errorForStatus, sendRequest, withRetries } from '../retry.js';
import type { Handle, Method, ZohoAnswer, ZohoTokenAnswer } from './types.js';

const TOKEN_REFUSED_CODES = new Set([14, 57]);

export type ZohoBooksApi = ReturnType<typeof createZohoBooksApi>;

/** Zoho's REST APIs over fetch: one call (its errors in Zoho's words only), and a Books call for an organisation. */
export function createZohoBooksApi(deps: { fetchImpl: typeof fetch; sleep?: (ms: number) => Promise<void> }) {
  const { fetchImpl: doFetch } = deps;

  /** One call, retried when Zoho is busy; a refusal becomes an AccountingError in Zoho's words only. */
  const send = <T>(
    method: Method,
    url: string,
    init: { token?: string; json?: unknown; form?: Record<string, string> } = {},
  ): Promise<T> =>
    withRetries(
      async () => {
        const headers: Record<string, string> = { accept: 'application/json' };
        if (init.token) headers.authorization = `Zoho-oauthtoken ${init.token}`;
        let body: string | undefined;
        if (init.json !== undefined) {
          headers['content-type'] = 'application/json';
          body = JSON.stringify(init.json);
        } else if (init.form) {
          headers['content-type'] = 'application/x-www-form-urlencoded';
          body = new URLSearchParams(init.form).toString();
        }
        const response = await sendRequest(doFetch, url, { method, headers, body }, 'Zoho Books');
        let json: (ZohoAnswer & ZohoTokenAnswer) | null = null;
        try {
          json = JSON.parse(await response.text());
        } catch {
          json = null;
        }
        const message = json?.message ?? json?.error ?? '';
        if (typeof json?.code === 'number' && TOKEN_REFUSED_CODES.has(json.code))
          throw new AccountingError('TOKEN_EXPIRED', message || 'Zoho refused the access token.');
        if (!response.ok) throw errorForStatus(response.status, message, response.headers);
        if (json === null)
          throw new AccountingError('UNAVAILABLE', 'Zoho Books answered something unreadable.');
        if (typeof json.code === 'number' && json.code !== 0)
          throw new AccountingError(
            'REJECTED',
            message || `Zoho Books refused the call (code ${json.code}).`,
          );
        return json as T;
      },
      { sleep: deps.sleep },
    );

  const apiDomain = (tokens: AccountingTokens) => {
    const domain = tokens.extra?.apiDomain;
    if (!domain) throw new AccountingError('TOKEN_EXPIRED', 'The Zoho grant lacks its API domain.');
    return domain;
  };

  /** A Books call for the connected organisation. */
  const books = <T>(
    handle: Handle,
    method: Method,
    resource: string,
    query?: Record<string, string>,
    json?: unknown,
  ) => {
    const params = new URLSearchParams({ organization_id: handle.organisationId, ...query });
    return send<T>(method, `${apiDomain(handle.tokens)}/books/v3/${resource}?${params}`, {
      token: handle.tokens.accessToken,
      json,
    });
  };

  return { send, apiDomain, books };
}
