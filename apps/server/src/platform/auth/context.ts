import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findActiveSession, type GuestSessionScope } from '../../modules/auth/service.js';
import type { UserRow } from '../../modules/users/tables.js';
import type { AppContext } from '../context.js';
import { AppError } from '../http/errors.js';
import { isApiUrl } from '../http/security.js';

export const SESSION_COOKIE = 'ferry_session';

export interface AuthContext {
  user: UserRow;
  sessionId: string;
  /** How the session was presented: the browser's HttpOnly cookie or the spec's headers. */
  via: 'cookie' | 'header';
  /** Absolute end of the session. */
  expiresAt: Date;
  /** When the session ends if no further request comes (idle timeout). */
  idleExpiresAt: Date | null;
  /** A guest session's scope (one guest invitation and its business), else null. */
  guest: GuestSessionScope | null;
}

/** The client headers of the access spec §7, as the server reads them. */
export interface ClientHeaders {
  deviceId: string | null;
  visitorId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    client: ClientHeaders;
  }
  interface FastifyContextConfig {
    /** 'none' marks a public route; every other /api route needs a signed-in user. */
    auth?: 'none' | 'user';
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PUBLIC_PREFIXES = ['/api/docs', '/api/openapi.json'];

function readHeader(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.length <= 512 ? first : null;
}

function readCredentials(
  request: FastifyRequest,
): { sessionId: string; token: string; via: AuthContext['via'] } | null {
  const authorization = readHeader(request, 'authorization');
  const sessionId = readHeader(request, 'session-id');
  if (authorization && sessionId) {
    const token = authorization.replace(/^Bearer\s+/i, '').trim();
    if (token) return { sessionId, token, via: 'header' };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (cookie) {
    const [cookieSessionId, cookieToken] = cookie.split('.');
    if (cookieSessionId && cookieToken)
      return { sessionId: cookieSessionId, token: cookieToken, via: 'cookie' };
  }
  return null;
}

function isSameOrigin(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = readHeader(request, 'origin');
  if (!origin) return readHeader(request, 'sec-fetch-site') === 'same-origin';
  if (publicUrl && new URL(publicUrl).origin === origin) return true;
  const host = readHeader(request, 'host');
  return host !== null && (origin === `http://${host}` || origin === `https://${host}`);
}

/**
 * Reads the session (cookie or `Authorization` + `session-id`) and the client headers on every request;
 * refuses /api routes that need a user when there is none, and cookie-authenticated writes from another
 * origin.
 */
export function registerAuthContext(app: FastifyInstance, context: AppContext): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('client', null as unknown as ClientHeaders);

  app.addHook('preValidation', async (request) => {
    request.client = {
      deviceId: readHeader(request, 'device-id'),
      visitorId: readHeader(request, 'visitor-id'),
    };
    // The web app's files and its client-side routes need no session: only the API reads it (a page
    // load sends the session cookie with each of its script requests, and each lookup is a query).
    if (!isApiUrl(request.url)) return;
    const credentials = readCredentials(request);
    if (credentials) {
      const session = await findActiveSession({
        db: context.database.db,
        clock: context.clock,
        sessionId: credentials.sessionId,
        token: credentials.token,
        idleMinutes: context.config.SESSION_IDLE_MINUTES,
      });
      if (session) {
        request.auth = {
          user: session.user,
          sessionId: session.sessionId,
          via: credentials.via,
          expiresAt: session.expiresAt,
          idleExpiresAt: session.idleExpiresAt,
          guest: session.guest,
        };
      }
    }

    const url = request.routeOptions.url;
    if (!url) return; // no route matched: the not-found handler answers
    const isApi = url.startsWith('/api/');
    const isPublic =
      request.routeOptions.config?.auth === 'none' || PUBLIC_PREFIXES.some((p) => url.startsWith(p));
    if (!isApi || isPublic) return;
    if (!request.auth) {
      throw new AppError(
        credentials ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED',
        credentials ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.',
      );
    }
    assertSameOriginCookieWrite(request, context);
  });
}

/**
 * Refuses a write authenticated by the session cookie from another origin. Applied to every route that
 * needs a user; public routes that still act on the session (`config: { auth: 'none' }`) call it
 * themselves.
 */
export function assertSameOriginCookieWrite(
  request: FastifyRequest,
  context: Pick<AppContext, 'config'>,
): void {
  if (request.auth?.via === 'cookie' && !SAFE_METHODS.has(request.method)) {
    if (!isSameOrigin(request, context.config.PUBLIC_URL)) {
      throw new AppError('CROSS_ORIGIN_REQUEST', 'Cross-origin request refused.');
    }
  }
}
