import { signInRequestSchema, signInResponseSchema } from '@ferry/domain/schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth/session-cookie.js';
import { assertBotCheck } from '../../platform/bot-check.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { databaseRateLimitCounter } from '../../platform/rate-limit/counter.js';
import { SENSITIVE_RATE_LIMIT } from './routes.js';
import { revokeSession } from './service.js';
import { SignInAttemptLimiter, type SignInOutcome, signInWithPassword } from './sign-in.js';
import { setSignInChallengeCookie } from './sign-in-challenge.js';
import { readTrustedDeviceToken } from './trusted-devices.js';

/**
 * The sign-in answer (spec 000 §4 'Sign-in response'), whatever proved the first factor: a session (its
 * cookie set, `token` and `sessionId` in the answer) or the code step (the `ferry_sign_in` cookie and
 * `challengeToken`).
 */
export function answerSignIn(reply: FastifyReply, config: Config, outcome: SignInOutcome) {
  const base = {
    userId: outcome.user.id,
    isValidCredentials: true,
    primaryPhone: outcome.primaryPhone,
  };
  if (outcome.kind === 'session') {
    setSessionCookie(reply, config, outcome.session);
    return ok(
      {
        ...base,
        isOTPVerificationRequired: false,
        token: outcome.session.token,
        sessionId: outcome.session.sessionId,
      },
      'Signed in.',
    );
  }
  setSignInChallengeCookie(reply, config, outcome.challenge);
  return ok(
    { ...base, isOTPVerificationRequired: true, challengeToken: outcome.challenge.secret },
    'Please enter the code sent to your mobile number.',
  );
}

/** Sign-in (password step), sign-out and the session check (access spec §7). */
export const signInRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limiter = new SignInAttemptLimiter(databaseRateLimitCounter(context.database, context.clock));

    app.post(
      '/auth/sign-in',
      {
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Access'],
          summary: 'Sign in with email and password',
          description:
            'Unknown email and wrong password answer the same 401 INVALID_CREDENTIALS. An account without a password answers 403 SIGNUP_INCOMPLETE; 100 consecutive failures lock the account (423 ACCOUNT_LOCKED) until a password reset; at most 10 attempts per account in 15 minutes (429). With a trusted-device cookie of this user the session is issued at once (`token`, `sessionId`, session cookie); otherwise `isOTPVerificationRequired` with a `challengeToken` (also the `ferry_sign_in` cookie) for the sign-in code calls.',
          body: signInRequestSchema,
          response: {
            200: envelopeSchema(signInResponseSchema),
            423: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const outcome = await signInWithPassword(context, {
          email: request.body.email,
          password: request.body.password,
          isIncognito: request.body.isIncognito ?? false,
          trustedDeviceToken: readTrustedDeviceToken(request),
          deviceId: request.client.deviceId,
          limiter,
        });
        return answerSignIn(reply, context.config, outcome);
      },
    );

    app.patch(
      '/auth/logout',
      {
        schema: {
          tags: ['Access'],
          summary: 'Sign out: ends this session and clears its cookie (a trusted device stays trusted)',
          response: { 200: envelopeSchema(z.object({})), ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!request.auth) return ok({}, 'Signed out.');
        await revokeSession({
          db: context.database.db,
          clock: context.clock,
          sessionId: request.auth.sessionId,
        });
        clearSessionCookie(reply, context.config);
        return ok({}, 'Signed out.');
      },
    );

    app.get(
      '/auth/verify',
      {
        schema: {
          tags: ['Access'],
          summary: 'Whether the session is valid, and when it ends (absolute and idle)',
          response: {
            200: envelopeSchema(
              z.object({
                userId: z.string(),
                sessionId: z.string(),
                expiresAt: z.string(),
                idleExpiresAt: z.string().nullable(),
              }),
            ),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const { auth } = request;
        if (!auth) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
        return ok({
          userId: auth.user.id,
          sessionId: auth.sessionId,
          expiresAt: auth.expiresAt.toISOString(),
          idleExpiresAt: auth.idleExpiresAt?.toISOString() ?? null,
        });
      },
    );
  };
