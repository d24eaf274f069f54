import {
  checkUserExistsRequestSchema,
  secondaryEmailsRequestSchema,
  updateUserRequestSchema,
  workEmailSchema,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '../../platform/auth/guard.js';
import { assertBotCheck } from '../../platform/bot-check.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { SENSITIVE_RATE_LIMIT } from '../auth/routes.js';
import { isPhoneVerificationRequired } from '../auth/set-password.js';
import {
  changeUnverifiedEmail,
  findUserByEmail,
  listPhones,
  markUserActive,
  setSecondaryEmails,
  toUserProfile,
  updateUserProfile,
  userProfileSchema,
} from './service.js';
import type { UserRow } from './tables.js';

/** `POST /user/email`: the corrected sign-up email (work-email rules). */
const changeEmailRequestSchema = z.object({ email: workEmailSchema, recaptchaToken: z.string().optional() });

export const userRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const profile = async (user: UserRow) =>
      toUserProfile(user, await listPhones({ db: context.database.db, userId: user.id }));
    const profileResponse = {
      200: envelopeSchema(userProfileSchema),
      409: errorBodySchema,
      ...errorResponses,
    };

    app.get(
      '/user',
      {
        schema: {
          tags: ['Access'],
          summary: 'The signed-in user',
          response: { 200: envelopeSchema(userProfileSchema), ...errorResponses },
        },
      },
      async (request) => {
        const user = getUser(request);
        return ok(toUserProfile(user, await listPhones({ db: context.database.db, userId: user.id })));
      },
    );

    /**
     * Tells whether an account exists for an email. The guest start-payment step needs the answer (it
     * shows name fields only to new users), so this call cannot answer identically for both; it has a
     * tight per-client rate limit instead (the spec does not put a bot check on it).
     */
    app.post(
      '/user/check-user-exists',
      {
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Access'],
          summary: 'Whether an account exists for an email',
          body: checkUserExistsRequestSchema,
          response: {
            200: envelopeSchema(z.object({ isUserExists: z.boolean(), isSignupCompleted: z.boolean() })),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const user = await findUserByEmail({ db: context.database.db, email: request.body.email });
        return ok({ isUserExists: user !== null, isSignupCompleted: user?.passwordHash != null });
      },
    );

    app.patch(
      '/user',
      {
        schema: {
          tags: ['Access'],
          summary: 'Update names, the link-bill popup flag, or choose the account type (once)',
          body: updateUserRequestSchema,
          response: profileResponse,
        },
      },
      async (request) => {
        const updated = await updateUserProfile({
          db: context.database.db,
          clock: context.clock,
          user: getUser(request),
          changes: request.body,
        });
        return ok(await profile(updated), 'Profile updated.');
      },
    );

    app.post(
      '/user/email',
      {
        config: { rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Access'],
          summary: 'Correct the sign-up email while it is not verified yet',
          body: changeEmailRequestSchema,
          response: profileResponse,
        },
      },
      async (request) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const updated = await changeUnverifiedEmail({
          db: context.database.db,
          clock: context.clock,
          user: getUser(request),
          email: request.body.email,
        });
        return ok(await profile(updated), 'Email updated.');
      },
    );

    app.patch(
      '/user/secondary-emails',
      {
        schema: {
          tags: ['Access'],
          summary: 'Replace the secondary emails of the signed-in user',
          body: secondaryEmailsRequestSchema,
          response: profileResponse,
        },
      },
      async (request) => {
        const updated = await setSecondaryEmails({
          db: context.database.db,
          clock: context.clock,
          user: getUser(request),
          secondaryEmails: request.body.secondaryEmails,
        });
        return ok(await profile(updated), 'Secondary emails updated.');
      },
    );

    app.post(
      '/user/mark-active',
      {
        schema: {
          tags: ['Access'],
          summary: 'Activate a pending or guest-active user who finished verification and has a password',
          response: profileResponse,
        },
      },
      async (request) => {
        const user = getUser(request);
        const updated = await markUserActive({
          db: context.database.db,
          clock: context.clock,
          user,
          phoneRequired: isPhoneVerificationRequired(context, user),
        });
        return ok(await profile(updated), 'Account activated.');
      },
    );
  };
