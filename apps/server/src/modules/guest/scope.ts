import { GUEST_MESSAGES } from '@ferry/domain/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BUSINESS_NOT_FOUND_MESSAGE } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/http/errors.js';

/**
 * Guest-scoped sessions (ARCHITECTURE "Guest sessions"). The email code of a guest link issues a session
 * tied to that invitation and to the guest's own business. It reaches only:
 * - the guest calls (/guest/*, /payments/guest/*) — which answer only about its invitation;
 * - GET /user, PATCH /auth/logout, the /otp calls, the first password (Continue onboarding; it ends the
 *   guest session) and, in the sandbox, the sandbox bank's statement;
 * - the payment-method routes of its guest business (its banks, its cards, the card fee quote); another
 *   business is invisible (404, as for any non-member), and public routes stay public.
 * Anything else answers 403 GUEST_SCOPE.
 */
const OPEN_PREFIXES = ['/api/guest/', '/api/payments/guest/', '/api/otp/'];
/** The sandbox bank's statement (sandbox only; it checks membership) shows a manual bank's deposits. */
const OPEN_ROUTES = new Set([
  'GET /api/user',
  'PATCH /api/auth/logout',
  'GET /api/sandbox/bank/statement',
  // 'Continue onboarding': a guest without a password sets one; that ends the guest session and issues a
  // full one (the account stays GUEST_ACTIVE until identity verification makes it ACTIVE).
  'POST /api/auth/set-password',
  // An AUTO_PAYMENT link's guest authorises its mapping (the service answers 404 for any other mapping).
  'GET /api/auto-payment/:id',
  'PATCH /api/auto-payment/:id',
  'GET /api/auto-payment/:id/vendor',
]);
const BUSINESS_PREFIX = '/api/business/:businessId';
/** The guest business's routes a guest uses: adding and verifying banks, adding cards, the card fee. */
const BUSINESS_ROUTES = [
  /^\/bank\/accounts$/,
  /^\/banking\/connection\/(?!vendor-account)/,
  /^\/card-payment\/(card|cards|fee-quote)(\/|$)/,
  // The guest payer of an auto payment comes back from a notice to cancel, disable or change the method.
  /^\/auto-payment\/:id\/payer-action$/,
  /^\/auto-payments$/,
];

export function isGuestAllowed(request: FastifyRequest, guestBusinessId: string): boolean {
  const url = request.routeOptions.url;
  if (!url) return true; // no route matched: the not-found handler answers
  if (request.routeOptions.config?.auth === 'none') return true;
  if (OPEN_PREFIXES.some((prefix) => url.startsWith(prefix))) return true;
  if (OPEN_ROUTES.has(`${request.method} ${url}`)) return true;
  if (url === BUSINESS_PREFIX || url.startsWith(`${BUSINESS_PREFIX}/`)) {
    const businessId = (request.params as Record<string, string | undefined>).businessId;
    // Its own guest business is reachable; another business answers 404 like for any non-member.
    if (businessId !== guestBusinessId) throw new AppError('BUSINESS_NOT_FOUND', BUSINESS_NOT_FOUND_MESSAGE);
    const rest = url.slice(BUSINESS_PREFIX.length);
    return BUSINESS_ROUTES.some((route) => route.test(rest));
  }
  return false;
}

/** Registered right after the session is read (before the business guard). */
export function registerGuestScope(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const guest = request.auth?.guest;
    if (!guest) return;
    if (!isGuestAllowed(request, guest.businessId)) {
      throw new AppError('GUEST_SCOPE', GUEST_MESSAGES.scope);
    }
  });
}
