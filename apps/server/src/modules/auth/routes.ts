import { setPasswordSchema, signUpRequestSchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '../../platform/auth/guard.js';
import { setSessionCookie } from '../../platform/auth/session-cookie.js';
import { assertBotCheck } from '../../platform/bot-check.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { listPhones, registerUser, toUserProfile, userProfileSchema } from '../users/service.js';
import { createSession } from './service.js';
import { setInitialPassword } from './set-password.js';

/** Sensitive calls get a tighter per-client limit on top of the global one. */
export const SENSITIVE_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

export const authRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/auth/users/sign-up',
      {
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Access'],
          summary: 'Sign up: creates a pending user with an unverified email and phone, and a session',
          body: signUpRequestSchema,
          response: {
            201: envelopeSchema(
              z.object({
                token: z.string(),
                sessionId: z.string(),
                userId: z.string(),
                activeStatus: z.string(),
              }),
            ),
            409: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const user = await registerUser({
          db: context.database.db,
          clock: context.clock,
          request: request.body,
        });
        const session = await createSession({
          db: context.database.db,
          clock: context.clock,
          userId: user.id,
          deviceId: request.client.deviceId,
          ttlHours: context.config.SESSION_TTL_HOURS,
        });
        setSessionCookie(reply, context.config, session);
        reply.code(201);
        return ok(
          {
            token: session.token,
            sessionId: session.sessionId,
            userId: user.id,
            activeStatus: user.activeStatus,
          },
          'Account created. Please verify your email.',
        );
      },
    );

    /** Sign-up step 2 (the spec does not show this path). */
    app.post(
      '/auth/set-password',
      {
        config: { rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Access'],
          summary: 'Set the first password after email and phone verification',
          body: z.object({ recaptchaToken: z.string().optional() }).and(setPasswordSchema),
          response: {
            200: envelopeSchema(
              z.object({ token: z.string(), sessionId: z.string(), user: userProfileSchema }),
            ),
            409: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const current = getUser(request);
        const { session, user } = await setInitialPassword(context, {
          user: current,
          password: request.body.password,
          deviceId: request.client.deviceId,
        });
        setSessionCookie(reply, context.config, session);
        const phones = await listPhones({ db: context.database.db, userId: user.id });
        return ok(
          { token: session.token, sessionId: session.sessionId, user: toUserProfile(user, phones) },
          'Password set.',
        );
      },
    );
  };
