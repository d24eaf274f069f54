import { AccountingError, type AccountingHandle } from '../accounting.js';
import { errorForStatus, readBody, sendRequest } from '../retry.js';
import type { QboFault } from './types.js';

/** The QuickBooks Online API minor version this adapter is written against. */
const MINOR_VERSION = '75';

const API_BASE = {
  production: 'https://quickbooks.api.intuit.com',
  sandbox: 'https://sandbox-quickbooks.api.intuit.com',
} as const;

type Retry = <T>(call: () => Promise<T>) => Promise<T>;
type Input = { query?: Record<string, string>; body?: unknown };

/** QuickBooks' own words for a failed call (Fault.Error[0].Detail), never anything we sent. */
export function faultMessage(body: unknown): string {
  const error = (body as QboFault | null)?.Fault?.Error?.[0];
  return (error?.Detail || error?.Message || '').slice(0, 500);
}

export type QuickBooksApi = ReturnType<typeof createQuickBooksApi>;

/** The QuickBooks REST API (the company's books) over fetch: one call, its errors, and the entity in an answer. */
export function createQuickBooksApi(deps: {
  fetchImpl: typeof fetch;
  environment: 'production' | 'sandbox';
  retry: Retry;
}) {
  const { fetchImpl, retry } = deps;
  const apiBase = API_BASE[deps.environment];

  /** One REST call to the company's books. */
  const api = async <T>(
    accessToken: string,
    realmId: string,
    method: 'GET' | 'POST',
    path: string,
    input: Input = {},
  ): Promise<T> => {
    // Percent-encoded (a space as %20, as Intuit's examples have it), not form-encoded with '+'.
    const search = Object.entries({ ...input.query, minorversion: MINOR_VERSION })
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
      .join('&');
    const url = `${apiBase}/v3/company/${encodeURIComponent(realmId)}/${path}?${search}`;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${accessToken}`,
      Accept: 'application/json',
    };
    if (input.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await sendRequest(
      fetchImpl,
      url,
      { method, headers, body: input.body === undefined ? undefined : JSON.stringify(input.body) },
      'QuickBooks',
    );
    const body = await readBody(response);
    if (!response.ok) {
      // A 401's detail can quote the token ("Token expired: ..."): say nothing of it.
      const message = response.status >= 500 || response.status === 401 ? '' : faultMessage(body);
      throw errorForStatus(response.status, message.replaceAll(accessToken, '[token]'), response.headers);
    }
    // QuickBooks may answer 200 with a Fault in the body.
    if ((body as QboFault | null)?.Fault)
      throw new AccountingError('REJECTED', faultMessage(body) || 'QuickBooks refused the request.');
    if (!body || typeof body !== 'object')
      throw new AccountingError('UNAVAILABLE', 'QuickBooks answered something unexpected.');
    return body as T;
  };

  const call = <T>(handle: AccountingHandle, method: 'GET' | 'POST', path: string, input?: Input) =>
    retry(() => api<T>(handle.tokens.accessToken, handle.organisationId, method, path, input));

  const entityOf = <T>(answer: Record<string, unknown>, entity: string): T => {
    const record = answer[entity];
    if (!record || typeof record !== 'object')
      throw new AccountingError('UNAVAILABLE', `QuickBooks answered without the ${entity}.`);
    return record as T;
  };

  return { api, call, entityOf };
}
