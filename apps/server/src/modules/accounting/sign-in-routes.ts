import { authCallbackRequestSchema, signInResponseSchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSameOriginCookieWrite } from '../../platform/auth/context.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses } from '../../platform/http/envelope.js';
import { databaseRateLimitCounter } from '../../platform/rate-limit/counter.js';
import { SENSITIVE_RATE_LIMIT } from '../auth/routes.js';
import { SignInAttemptLimiter } from '../auth/sign-in.js';
import { answerSignIn } from '../auth/sign-in-routes.js';
import { readTrustedDeviceToken } from '../auth/trusted-devices.js';
import { signInWithAccounting } from './sign-in.js';

/** 'Sign in with Intuit / Xero': the last step of the provider round trip (spec 000 §4, §7). */
export const accountingSignInRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limiter = new SignInAttemptLimiter(databaseRateLimitCounter(context.database, context.clock));

    app.post(
      '/auth/callback',
      {
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Access'],
          summary: 'Sign in with an accounting provider (the completed SIGN_IN round trip)',
          description:
            "Takes the `state` of a `requestFor=SIGN_IN` round trip that the provider's callback completed, once. The Ferry account is the one with the provider identity's email; it answers as `POST /auth/sign-in` does: a session at once on a trusted device of this user (with `keepMeLogin` on), else `isOTPVerificationRequired` with a `challengeToken` for the sign-in code. No account, or a sign-up not complete: 403 SIGNUP_INCOMPLETE. An unknown, expired, failed or used state: 400. The provider's tokens are never answered.",
          body: authCallbackRequestSchema,
          response: {
            200: envelopeSchema(signInResponseSchema),
            423: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        // A public route that sets the session cookie: the cross-origin check of cookie writes is ours.
        assertSameOriginCookieWrite(request, context);
        const outcome = await signInWithAccounting(context, {
          request: request.body,
          trustedDeviceToken: readTrustedDeviceToken(request),
          deviceId: request.client.deviceId,
          limiter,
        });
        return answerSignIn(reply, context.config, outcome);
      },
    );
  };
