import { idSchema } from '@ferry/domain/ids';
import { sendSignInOtpRequestSchema, verifySignInOtpRequestSchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setSessionCookie } from '../../platform/auth/session-cookie.js';
import { assertBotCheck } from '../../platform/bot-check.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { SENSITIVE_RATE_LIMIT } from '../auth/routes.js';
import { sendSignInCode, verifySignInCode } from '../auth/sign-in.js';
import { clearSignInChallengeCookie, requireRequestSignInChallenge } from '../auth/sign-in-challenge.js';
import { setTrustedDeviceCookie } from '../auth/trusted-devices.js';
import { listPhones, toUserProfile, userProfileSchema } from '../users/service.js';

const paramsSchema = z.object({ userId: idSchema });

/**
 * The code step of a sign-in (access spec §4 "Sign-in", §7): both calls are public but need the open
 * sign-in challenge of that user (the `ferry_sign_in` cookie, or `challengeToken` in the body).
 */
export const signInOtpRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/otp/send-sign-in-otp/:userId',
      {
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['One-time codes'],
          summary: 'Send the sign-in code to the primary phone (needs the sign-in challenge)',
          params: paramsSchema,
          body: sendSignInOtpRequestSchema,
          response: {
            200: envelopeSchema(
              z.object({ requestId: z.string(), resendAvailableAt: z.string(), expiresAt: z.string() }),
            ),
            423: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const challenge = await requireRequestSignInChallenge({
          db: context.database.db,
          clock: context.clock,
          request,
          bodyToken: request.body.challengeToken,
          userId: request.params.userId,
        });
        const sent = await sendSignInCode(context, { challenge });
        return ok(
          {
            requestId: sent.requestId,
            resendAvailableAt: sent.resendAvailableAt.toISOString(),
            expiresAt: sent.expiresAt.toISOString(),
          },
          'A sign-in code was sent to your mobile number.',
        );
      },
    );

    app.post(
      '/otp/verify-sign-in-otp/:userId',
      {
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['One-time codes'],
          summary: 'Check the sign-in code and start the session (needs the sign-in challenge)',
          description:
            'With `isRegisterTrustedDevice` (and not `isIncognito`, here or at sign-in) the browser also gets the `ferry_trusted_device` cookie: its next sign-ins skip the code for 30 days.',
          params: paramsSchema,
          body: verifySignInOtpRequestSchema,
          response: {
            200: envelopeSchema(
              z.object({ token: z.string(), sessionId: z.string(), user: userProfileSchema }),
            ),
            423: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const challenge = await requireRequestSignInChallenge({
          db: context.database.db,
          clock: context.clock,
          request,
          bodyToken: request.body.challengeToken,
          userId: request.params.userId,
        });
        const { user, session, trustedDevice } = await verifySignInCode(context, {
          challenge,
          requestId: request.body.requestId,
          otp: request.body.otp,
          isRegisterTrustedDevice: request.body.isRegisterTrustedDevice ?? false,
          isIncognito: request.body.isIncognito ?? false,
          deviceId: request.client.deviceId,
        });
        setSessionCookie(reply, context.config, session);
        clearSignInChallengeCookie(reply, context.config);
        if (trustedDevice) setTrustedDeviceCookie(reply, context.config, trustedDevice);
        const phones = await listPhones({ db: context.database.db, userId: user.id });
        return ok(
          { token: session.token, sessionId: session.sessionId, user: toUserProfile(user, phones) },
          'Signed in.',
        );
      },
    );
  };
