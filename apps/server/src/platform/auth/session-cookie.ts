import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import { SESSION_COOKIE } from './context.js';

/** Gives the browser its session as an HttpOnly cookie, so page scripts never hold the token. */
export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  session: { sessionId: string; token: string; expiresAt: Date },
): void {
  reply.setCookie(SESSION_COOKIE, `${session.sessionId}.${session.token}`, {
    httpOnly: true,
    secure: config.isProduction,
    sameSite: 'strict',
    path: '/',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
