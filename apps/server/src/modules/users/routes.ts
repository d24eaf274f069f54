import { checkUserExistsRequestSchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { SENSITIVE_RATE_LIMIT } from '../auth/routes.js';
import { findUserByEmail, listPhones, toUserProfile, userProfileSchema } from './service.js';

export const userRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
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
  };
