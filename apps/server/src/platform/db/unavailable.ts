/**
 * Failures that say the database cannot be reached right now, not that the request is wrong or the code
 * broken: SQLSTATE class 08 (connection exception), 57P01–57P03 (the server shutting down, crashed or
 * starting), 53300 (too many connections), the socket errors of a refused or dropped connection, and
 * node-postgres's own messages for a connection ended under it or a pool that timed out. Such a request
 * answers 503 with Retry-After (platform/http/error-handler.ts), so clients and load balancers retry instead
 * of reporting a defect; a worker's lost write of a job's outcome is logged, not fatal (platform/process-errors.ts).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Whether an error (or one it wraps) says the database is unreachable for now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true;
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text))) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
