import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '../../platform/auth/guard.js';
import { setSessionCookie } from '../../platform/auth/session-cookie.js';
import { assertBotCheck } from '../../platform/bot-check.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { publicOrigin } from '../invitations/service.js';
import { listPhones, toUserProfile, userProfileSchema } from '../users/service.js';
import {
  changePassword,
  FORGOT_PASSWORD_MESSAGE,
  RESET_PASSWORD_MESSAGE,
  requestPasswordReset,
  resetPassword,
  setPasswordFromInvitation,
} from './passwords.js';
import { SENSITIVE_RATE_LIMIT } from './routes.js';

const sessionSchema = z.object({ token: z.string(), sessionId: z.string() });

/** Forgot, reset and change password, and an invited user's first password (access spec §7). */
export const passwordRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/auth/forgot-password',
      {
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Access'],
          summary: 'Email a password-reset link (same answer whether or not the account exists)',
          body: forgotPasswordRequestSchema,
          response: { 200: envelopeSchema(z.object({})), ...errorResponses },
        },
      },
      async (request) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        await requestPasswordReset(context, {
          email: request.body.email,
          origin: publicOrigin(context.config, request),
        });
        return ok({}, FORGOT_PASSWORD_MESSAGE);
      },
    );

    app.patch(
      '/auth/reset-password',
      {
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Access'],
          summary: 'Set a new password from an emailed reset link; ends every session and trusted device',
          body: resetPasswordRequestSchema,
          response: { 200: envelopeSchema(z.object({})), ...errorResponses },
        },
      },
      async (request) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        await resetPassword(context, { token: request.body.token, password: request.body.password });
        return ok({}, RESET_PASSWORD_MESSAGE);
      },
    );

    app.patch(
      '/user/change-password',
      {
        config: { rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Access'],
          summary:
            'Change the password; every other session and trusted device ends, a fresh session is returned',
          body: changePasswordRequestSchema,
          response: { 200: envelopeSchema(sessionSchema), ...errorResponses },
        },
      },
      async (request, reply) => {
        const session = await changePassword(context, {
          user: getUser(request),
          oldPassword: request.body.oldPassword,
          password: request.body.password,
          deviceId: request.client.deviceId,
        });
        setSessionCookie(reply, context.config, session);
        return ok({ token: session.token, sessionId: session.sessionId }, 'Your password has been changed.');
      },
    );

    app.patch(
      '/auth/password',
      {
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Access'],
          summary: "An invited user's first password, from the invitation link's token",
          body: resetPasswordRequestSchema,
          response: {
            200: envelopeSchema(sessionSchema.extend({ user: userProfileSchema })),
            409: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const { session, user } = await setPasswordFromInvitation(context, {
          token: request.body.token,
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
