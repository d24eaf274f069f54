import { AccountingError, type AccountingTokens } from '../accounting.js';
import { errorForStatus, sendRequest } from '../retry.js';

export const API_URL = 'https://api.freshbooks.com';

type Retry = <T>(call: () => Promise<T>) => Promise<T>;

/** FreshBooks' words for a refusal: `response.errors[0].message`, OAuth's `error_description`, or `message`. */
function errorMessage(json: unknown): string {
  if (!json || typeof json !== 'object') return '';
  const body = json as {
    response?: { errors?: { message?: string }[] };
    errors?: { message?: string }[];
    error_description?: string;
    error?: string | { message?: string };
    message?: string;
  };
  const errors = body.response?.errors ?? body.errors;
  if (Array.isArray(errors) && errors.length > 0)
    return errors
      .map((e) => e.message ?? '')
      .filter(Boolean)
      .join('; ');
  if (typeof body.error_description === 'string') return body.error_description;
  if (typeof body.error === 'string') return body.error;
  if (body.error && typeof body.error === 'object' && typeof body.error.message === 'string')
    return body.error.message;
  return '';
}

export type FreshBooksApi = ReturnType<typeof createFreshBooksApi>;

/** FreshBooks' REST API over fetch: one call (its errors in FreshBooks' words), and a business's accounting result. */
export function createFreshBooksApi(deps: { fetchImpl: typeof fetch; retry: Retry }) {
  const { fetchImpl: doFetch, retry } = deps;

  /** One call; a refusal becomes an AccountingError with FreshBooks' own words (never the request). */
  const send = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    init: { token?: string; body?: unknown } = {},
  ): Promise<T> =>
    retry(async () => {
      const headers: Record<string, string> = { accept: 'application/json', 'api-version': 'alpha' };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const response = await sendRequest(
        doFetch,
        url,
        { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) },
        'FreshBooks',
      );
      const raw = await response.text();
      let json: unknown = null;
      try {
        json = raw ? JSON.parse(raw) : null;
      } catch {
        json = null;
      }
      const message = errorMessage(json);
      if (!response.ok) throw errorForStatus(response.status, message, response.headers);
      if (message) throw new AccountingError('REJECTED', message);
      if (json === null)
        throw new AccountingError('UNAVAILABLE', 'FreshBooks answered something unreadable.');
      return json as T;
    });

  const accounting = (handle: { organisationId: string }, path: string) =>
    `${API_URL}/accounting/account/${encodeURIComponent(handle.organisationId)}/${path}`;

  const result = async <T>(
    handle: { tokens: AccountingTokens; organisationId: string },
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
  ): Promise<T> => {
    const answer = await send<{ response?: { result?: T } }>(method, accounting(handle, path), {
      token: handle.tokens.accessToken,
      body,
    });
    if (!answer.response?.result)
      throw new AccountingError('UNAVAILABLE', 'FreshBooks answered without a result.');
    return answer.response.result;
  };

  return { send, result };
}
