/**
 * The browser's only way to call the server (spec 000 §7, §8; ARCHITECTURE §3).
 *
 * - Base `/api`; headers Authorization, session-id, device-id, request-id, visitor-id, cache busting,
 *   JSON content type when a JSON body is sent (multipart is left to the browser for FormData), and
 *   `Idempotency-Key` when asked. Credentials are same-origin: the server's HttpOnly session cookie rides
 *   along, so most browser calls carry no token at all.
 * - 60 s time-out. The success envelope `{ status, message, data }` is unwrapped to `data`.
 * - Every failure rejects with an `ApiError` carrying the spec's error object, after the 401/403/429
 *   side effects of spec 000 §8.
 */
import { FORBIDDEN_REDIRECT_PATHS, paths } from '@ferry/domain';
import type { z } from 'zod';
import { ApiError, DEFAULT_ERROR_MESSAGE } from './api-error';
import { getDeviceId } from './device-id';
import { createUuid } from './random';
import { clearSessionData, getSessionId, getSessionToken, isHandlingInvitedUser } from './storage';
import { getVisitorId } from './visitor-id';

export const API_BASE_URL = '/api';
export const API_TIMEOUT_MS = 60_000;
const SIGN_IN_PATH = paths.signin();
/** Pages where a 403 means "this person may not proceed" (spec 000 §8). */
const FORBIDDEN_REDIRECT_PAGES: readonly string[] = FORBIDDEN_REDIRECT_PATHS;

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions<T = unknown> = {
  method?: HttpMethod;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** A plain value is sent as JSON; `FormData` is sent as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as `Idempotency-Key`; required by the server on every call that moves or schedules money. */
  idempotencyKey?: string;
  /** Cancels the call (TanStack Query passes one); a cancelled call rethrows the abort reason. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Validates the unwrapped `data`; a mismatch is a 500 `ApiError`. */
  /** Checks the answer's data; a function loads the schema (a chunk with zod) while the request runs. */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  /** `blob` for downloads (PDFs, exports); the envelope is not unwrapped. */
  responseType?: 'json' | 'blob';
};

type ApiClientConfig = {
  fetch: typeof fetch;
  /** Full-page navigation used by the 401/403/429 handling. */
  navigate: (url: string) => void;
  /** The error-monitoring hook (429s are reported). */
  reportError: (error: ApiError, context: { method: string; path: string }) => void;
  getLocation: () => { pathname: string; search: string };
};

const defaultConfig: ApiClientConfig = {
  fetch: (...args) => globalThis.fetch(...args),
  navigate: (url) => window.location.assign(url),
  reportError: (error, context) => console.error('[api] reported error', { ...context, ...error.toJSON() }),
  getLocation: () => ({ pathname: window.location.pathname, search: window.location.search }),
};

let config: ApiClientConfig = defaultConfig;

/** Replaces parts of the client's environment (tests, or a router-aware `navigate`). */
export const configureApiClient = (overrides: Partial<ApiClientConfig>): void => {
  config = { ...config, ...overrides };
};

export const resetApiClientConfig = (): void => {
  config = defaultConfig;
};

export const buildApiUrl = (path: string, query?: ApiRequestOptions['query']): string => {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(name, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
};

const buildHeaders = (options: ApiRequestOptions, isJsonBody: boolean): Headers => {
  const headers = new Headers({
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    'request-id': createUuid(),
    'visitor-id': getVisitorId(),
    'device-id': getDeviceId(),
  });
  const token = getSessionToken();
  if (token) headers.set('Authorization', /^Bearer /i.test(token) ? token : `Bearer ${token}`);
  const sessionId = getSessionId();
  if (sessionId) headers.set('session-id', sessionId);
  // Only with a body: Fastify rejects an empty body declared as JSON.
  if (isJsonBody) headers.set('Content-Type', 'application/json');
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
};

/** Reads what it can of an error answer; the HTTP status is the truth for `statusCode`. */
const readErrorObject = async (status: number, payload: unknown): Promise<ApiError> => {
  const { errorObjectSchema } = await import('./response-schemas');
  const parsed = errorObjectSchema.partial().safeParse(payload);
  if (parsed.success) {
    const { message, errors, errorCode } = parsed.data;
    return new ApiError({
      message,
      statusCode: status,
      errors: errors ?? [],
      ...(errorCode === undefined ? {} : { errorCode }),
    });
  }
  return new ApiError({ message: DEFAULT_ERROR_MESSAGE, statusCode: status });
};

const goToSignIn = () => {
  const { pathname, search } = config.getLocation();
  if (pathname === SIGN_IN_PATH) return;
  const keepPage = isHandlingInvitedUser() && pathname !== '/';
  clearSessionData();
  config.navigate(paths.signin(keepPage ? `${pathname}${search}` : undefined));
};

const LOOKS_UNAUTHORIZED = /unauthori[sz]ed|unauthenticated/i;

/** Spec 000 §8 side effects; the error is thrown afterwards in every case. */
const handleFailure = (error: ApiError, context: { method: string; path: string }) => {
  switch (error.statusCode) {
    case 401:
      goToSignIn();
      break;
    case 403:
      if (FORBIDDEN_REDIRECT_PAGES.includes(config.getLocation().pathname))
        config.navigate(paths.unauthorized());
      break;
    case 429:
      config.reportError(error, context);
      if (LOOKS_UNAUTHORIZED.test(error.message)) goToSignIn();
      break;
    default:
      break;
  }
};

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

const unwrapEnvelope = (payload: unknown): unknown =>
  payload !== null && typeof payload === 'object' && 'data' in payload ? payload.data : payload;

const send = async (
  path: string,
  options: ApiRequestOptions,
): Promise<{ response: Response; text: string | null; blob: Blob | null }> => {
  const { body, signal, timeoutMs = API_TIMEOUT_MS } = options;
  const isFormData = typeof FormData !== 'undefined' && body instanceof FormData;
  const isJsonBody = body !== undefined && !isFormData;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onCallerAbort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const response = await config.fetch(buildApiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: buildHeaders(options, isJsonBody),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: controller.signal,
      ...(isFormData ? { body: body as FormData } : isJsonBody ? { body: JSON.stringify(body) } : {}),
    });
    const wantsBlob = options.responseType === 'blob' && response.ok;
    return {
      response,
      blob: wantsBlob ? await response.blob() : null,
      text: wantsBlob ? null : await response.text(),
    };
  } catch (cause) {
    if (timedOut) throw new ApiError({ statusCode: 408 });
    if (signal?.aborted) throw cause;
    throw new ApiError({ statusCode: 0 });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
};

export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const context = { method: options.method ?? 'GET', path };
  // A schema to load starts loading now, beside the request; a failed load surfaces where it is awaited.
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  if (schema instanceof Promise) schema.catch(() => undefined);
  let result: Awaited<ReturnType<typeof send>>;
  try {
    result = await send(path, options);
  } catch (error) {
    if (error instanceof ApiError) handleFailure(error, context);
    throw error;
  }
  const { response, text, blob } = result;
  if (blob) return blob as T;
  const parsed = parseJson(text ?? '');
  if (!response.ok) {
    const error = await readErrorObject(response.status, parsed.ok ? parsed.value : undefined);
    handleFailure(error, context);
    throw error;
  }
  if (!parsed.ok) throw new ApiError({ statusCode: 500 });
  const data = unwrapEnvelope(parsed.value);
  if (!schema) return data as T;
  const checked = (await schema).safeParse(data);
  if (!checked.success) {
    const error = new ApiError({ statusCode: 500 });
    config.reportError(error, context);
    throw error;
  }
  return checked.data;
}

type MethodOptions<T> = Omit<ApiRequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: MethodOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  delete: <T = unknown>(path: string, options?: MethodOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  post: <T = unknown>(path: string, body?: unknown, options?: MethodOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: MethodOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: MethodOptions<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
};
