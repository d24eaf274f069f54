import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import { SESSION_COOKIE } from './context.js';

/**
 * Whether the app's cookies carry `Secure`: in production, and whenever the public origin is https (a
 * plain-http development server would otherwise never get its cookies back).
 */
export function isSecureCookie(config: Pick<Config, 'isProduction' | 'PUBLIC_URL'>): boolean {
  return config.isProduction || (config.PUBLIC_URL?.startsWith('https:') ?? false);
}

/** Gives the browser its session as an HttpOnly cookie, so page scripts never hold the token. */
export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  session: { sessionId: string; token: string; expiresAt: Date },
): void {
  reply.setCookie(SESSION_COOKIE, `${session.sessionId}.${session.token}`, {
    httpOnly: true,
    secure: isSecureCookie(config),
    sameSite: 'strict',
    path: '/',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config?: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: config ? isSecureCookie(config) : false,
  });
}

/** An HttpOnly, SameSite=Strict cookie scoped to the API (sign-in challenge, trusted device). */
export function setApiCookie(
  reply: FastifyReply,
  config: Config,
  cookie: { name: string; value: string; expiresAt: Date },
): void {
  reply.setCookie(cookie.name, cookie.value, {
    httpOnly: true,
    secure: isSecureCookie(config),
    sameSite: 'strict',
    path: '/api',
    expires: cookie.expiresAt,
  });
}

export function clearApiCookie(reply: FastifyReply, config: Config, name: string): void {
  reply.clearCookie(name, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecureCookie(config),
  });
}
