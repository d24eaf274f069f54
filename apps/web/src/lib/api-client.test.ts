import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiRequest, configureApiClient, resetApiClientConfig } from './api-client';
import { ApiError, DEFAULT_ERROR_MESSAGE } from './api-error';
import { getStored, setStored } from './storage';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const envelope = (data: unknown) => json({ status: true, message: 'OK', data });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
let navigate: ReturnType<typeof vi.fn<(url: string) => void>>;
type Report = (error: ApiError, context: { method: string; path: string }) => void;
let reportError: ReturnType<typeof vi.fn<Report>>;
let location = { pathname: '/b/0123456789abcdef01234567/home', search: '?tab=1' };

const lastCall = () => {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [input, init = {}] = call;
  return { url: String(input), init, headers: new Headers(init.headers) };
};

const failWith = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => envelope({ ok: 1 }));
  navigate = vi.fn<(url: string) => void>();
  reportError = vi.fn<Report>();
  location = { pathname: '/b/0123456789abcdef01234567/home', search: '?tab=1' };
  configureApiClient({ fetch: fetchMock, navigate, reportError, getLocation: () => location });
});

afterEach(() => resetApiClientConfig());

describe('requests', () => {
  it('sends the spec headers on every call', async () => {
    setStored('session', { token: 'tok-123', sessionId: 'sess-9' });
    await api.get('/user');
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/user');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('session-id')).toBe('sess-9');
    expect(headers.get('device-id')).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(headers.get('visitor-id')).toMatch(UUID);
    expect(headers.get('request-id')).toMatch(UUID);
    expect(headers.get('Cache-Control')).toBe('no-cache');
    expect(headers.get('Pragma')).toBe('no-cache');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.has('Idempotency-Key')).toBe(false);
  });

  it('omits Authorization and session-id when nothing is stored', async () => {
    await api.get('/business');
    const { headers } = lastCall();
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('session-id')).toBe(false);
  });

  it('uses a fresh request id per call and a stable visitor and device id', async () => {
    await api.get('/a');
    const first = lastCall().headers;
    await api.get('/b');
    const second = lastCall().headers;
    expect(first.get('request-id')).not.toBe(second.get('request-id'));
    expect(first.get('visitor-id')).toBe(second.get('visitor-id'));
    expect(first.get('device-id')).toBe(second.get('device-id'));
  });

  it('sends JSON bodies with a JSON content type and an idempotency key when asked', async () => {
    await api.post('/payments', { amount: '10.00' }, { idempotencyKey: 'key-1' });
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"amount":"10.00"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Idempotency-Key')).toBe('key-1');
  });

  it('leaves the multipart content type to the browser for FormData', async () => {
    const form = new FormData();
    form.append('logo', new Blob(['x']), 'logo.png');
    await api.post('/preferences/1/logo', form);
    const { init, headers } = lastCall();
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('builds the query string and skips empty values', async () => {
    await api.get('/dev/outbox', { query: { to: 'a@b.co', pageNumber: 2, pageSize: 10, sortBy: undefined } });
    expect(lastCall().url).toBe('/api/dev/outbox?to=a%40b.co&pageNumber=2&pageSize=10');
  });
});

describe('responses', () => {
  it('unwraps the success envelope to data', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ id: 'x', name: 'Acme' }));
    await expect(api.get('/business/x')).resolves.toEqual({ id: 'x', name: 'Acme' });
  });

  it('resolves undefined for an empty body', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.patch('/auth/logout')).resolves.toBeUndefined();
  });

  it('validates data with a schema when one is given', async () => {
    const { z } = await import('zod');
    fetchMock.mockResolvedValueOnce(envelope({ count: 'three' }));
    const error = await failWith(apiRequest('/count', { schema: z.object({ count: z.number() }) }));
    expect(error.statusCode).toBe(500);
    expect(error.message).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('turns an error answer into the spec error object', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          message: 'Role already exists',
          statusCode: 400,
          errors: [{ field: 'name', message: 'Taken' }],
          errorCode: 'ROLE_ALREADY_EXISTS',
        },
        400,
      ),
    );
    const error = await failWith(api.post('/roles', { name: 'Admin' }));
    expect(error.toJSON()).toEqual({
      message: 'Role already exists',
      statusCode: 400,
      errors: [{ field: 'name', message: 'Taken' }],
      errorCode: 'ROLE_ALREADY_EXISTS',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('uses the defaults for an error answer without a usable body', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failWith(api.get('/x'));
    expect(error.toJSON()).toEqual({ message: DEFAULT_ERROR_MESSAGE, statusCode: 502, errors: [] });
  });

  it('treats unparseable JSON on success as a 500', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"status":', { status: 200 }));
    const error = await failWith(api.get('/x'));
    expect(error.statusCode).toBe(500);
    expect(error.message).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('reports a network failure as statusCode 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failWith(api.get('/x'));
    expect(error.toJSON()).toEqual({ message: DEFAULT_ERROR_MESSAGE, statusCode: 0, errors: [] });
  });

  it('times out as statusCode 408 and aborts the request', async () => {
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementationOnce(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const error = await failWith(apiRequest('/slow', { timeoutMs: 20 }));
    expect(error.statusCode).toBe(408);
    expect(signal?.aborted).toBe(true);
  });

  it('uses a 60 second time-out by default', async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementationOnce(
        (_input, init) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      );
      const pending = failWith(api.get('/slow'));
      await vi.advanceTimersByTimeAsync(59_999);
      expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).statusCode).toBe(408);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rethrows a cancellation by the caller instead of turning it into an error object', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe('401', () => {
  it('clears the session data, keeps the device id and goes to sign-in', async () => {
    setStored('session', { token: 't', sessionId: 's' });
    setStored('user', { id: 'u', email: 'a@b.co' });
    setStored('selectedBills', ['1']);
    await api.get('/warm-up');
    const deviceId = getStored('deviceId');
    fetchMock.mockResolvedValueOnce(json({ message: 'Unauthorized', statusCode: 401 }, 401));
    const error = await failWith(api.get('/user'));
    expect(error.statusCode).toBe(401);
    expect(getStored('session')).toBeNull();
    expect(getStored('user')).toBeNull();
    expect(getStored('selectedBills')).toBeNull();
    expect(getStored('deviceId')).toBe(deviceId);
    expect(navigate).toHaveBeenCalledWith('/signin');
  });

  it('keeps the current page as redirectUrl while an invited user is handled', async () => {
    setStored('invitedUser', { invitationType: 'OTHER_USER', code: 'abc' });
    fetchMock.mockResolvedValueOnce(json({ message: 'Unauthorized' }, 401));
    await failWith(api.get('/user'));
    expect(navigate).toHaveBeenCalledWith(
      `/signin?redirectUrl=${encodeURIComponent('/b/0123456789abcdef01234567/home?tab=1')}`,
    );
    expect(getStored('invitedUser')).toBeNull();
  });

  it('does nothing when already on sign-in', async () => {
    location = { pathname: '/signin', search: '' };
    setStored('session', { sessionId: 's' });
    fetchMock.mockResolvedValueOnce(json({ message: 'Unauthorized' }, 401));
    await failWith(api.get('/user'));
    expect(navigate).not.toHaveBeenCalled();
    expect(getStored('session')).toEqual({ sessionId: 's' });
  });
});

describe('403', () => {
  it.each(['/process/payment/start', '/process/auto-pay/info', '/go', '/process/bank/start'])(
    'goes to /unauthorized on %s',
    async (pathname) => {
      location = { pathname, search: '' };
      fetchMock.mockResolvedValueOnce(json({ message: 'Forbidden' }, 403));
      await failWith(api.post('/user/check-user-exists', { email: 'a@b.co' }));
      expect(navigate).toHaveBeenCalledWith('/unauthorized');
    },
  );

  it('only rejects on other pages', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ message: 'You don’t have access based on your assigned role.' }, 403),
    );
    const error = await failWith(api.get('/roles'));
    expect(error.message).toBe('You don’t have access based on your assigned role.');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('404 and 429', () => {
  it('404 only rejects', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Not found' }, 404));
    const error = await failWith(api.get('/business/nope'));
    expect(error.statusCode).toBe(404);
    expect(navigate).not.toHaveBeenCalled();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('429 is reported to error monitoring', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Too many requests' }, 429));
    const error = await failWith(api.post('/otp/email'));
    expect(error.statusCode).toBe(429);
    expect(reportError).toHaveBeenCalledWith(error, { method: 'POST', path: '/otp/email' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('429 that looks unauthorized clears data and goes to sign-in', async () => {
    setStored('session', { sessionId: 's' });
    fetchMock.mockResolvedValueOnce(json({ message: 'Unauthorized: too many attempts' }, 429));
    await failWith(api.get('/user'));
    expect(reportError).toHaveBeenCalledOnce();
    expect(getStored('session')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/signin');
  });
});
