import { AccountingError, type AccountingHandle } from '../accounting.js';
import { errorForStatus, readBody, sendRequest } from '../retry.js';
import type { XeroErrorBody } from './types.js';

const API_BASE = 'https://api.xero.com/api.xro/2.0';

type Retry = <T>(call: () => Promise<T>) => Promise<T>;
type Input = { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> };

/** A Xero error answer's own words: the validation messages, else its message or detail. */
export function xeroMessage(body: unknown): string {
  const error = (body ?? {}) as XeroErrorBody;
  const validation = (error.Elements ?? [])
    .flatMap((element) => element.ValidationErrors ?? [])
    .map((v) => v.Message)
    .filter((m): m is string => Boolean(m));
  const message = validation.length
    ? validation.join(' ')
    : error.Detail || error.Message || error.Title || '';
  return typeof message === 'string' ? message.slice(0, 500) : '';
}

/** Xero's If-Modified-Since: a UTC date-time without zone or fraction. */
export const modifiedSinceHeader = (modifiedSince: string): string => {
  const at = new Date(modifiedSince);
  if (Number.isNaN(at.getTime())) throw new AccountingError('REJECTED', 'modifiedSince is not an instant.');
  return at.toISOString().slice(0, 19);
};

export type XeroApi = ReturnType<typeof createXeroApi>;

/** Xero's APIs over fetch: one call (its errors in Xero's own words), and the first record of an answer's collection. */
export function createXeroApi(deps: { fetchImpl: typeof fetch; retry: Retry }) {
  const { fetchImpl, retry } = deps;

  /** One call to a Xero API (the Accounting API unless `url` is absolute). */
  const api = async <T>(
    accessToken: string,
    tenantId: string | null,
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    input: Input = {},
  ): Promise<T> => {
    const url = new URL(path.startsWith('https://') ? path : `${API_BASE}/${path}`);
    for (const [name, value] of Object.entries(input.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = {
      Authorization: `Bearer ${accessToken}`,
      Accept: 'application/json',
      ...(tenantId ? { 'xero-tenant-id': tenantId } : {}),
      ...(input.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...input.headers,
    };
    const response = await sendRequest(
      fetchImpl,
      url.toString(),
      { method, headers, body: input.body === undefined ? undefined : JSON.stringify(input.body) },
      'Xero',
    );
    const body = await readBody(response);
    if (!response.ok) {
      const message = response.status >= 500 || response.status === 401 ? '' : xeroMessage(body);
      throw errorForStatus(response.status, message.replaceAll(accessToken, '[token]'), response.headers);
    }
    if (!body || typeof body !== 'object')
      throw new AccountingError('UNAVAILABLE', 'Xero answered something unexpected.');
    return body as T;
  };

  const call = <T>(handle: AccountingHandle, method: 'GET' | 'PUT' | 'POST', path: string, input?: Input) =>
    retry(() => api<T>(handle.tokens.accessToken, handle.organisationId, method, path, input));

  const first = <T>(answer: Record<string, unknown>, collection: string): T => {
    const list = answer[collection];
    const record = Array.isArray(list) ? list[0] : undefined;
    if (!record || typeof record !== 'object')
      throw new AccountingError('UNAVAILABLE', `Xero answered without the ${collection}.`);
    return record as T;
  };

  return { api, call, first };
}
