import { updateMobileNumberRequestSchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertSameOriginCookieWrite } from '../../platform/auth/context.js';
import { assertBotCheck } from '../../platform/bot-check.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { SENSITIVE_RATE_LIMIT } from '../auth/routes.js';
import { loadChallengeUser } from '../auth/sign-in.js';
import {
  findRequestSignInChallenge,
  SIGN_IN_COOKIE,
  SIGN_IN_EXPIRED_MESSAGE,
} from '../auth/sign-in-challenge.js';
import { changeMobileNumber } from './mobile-number.js';

export const mobileNumberRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.patch(
      '/user/mobile-number',
      {
        // Public: during a sign-in there is no session yet, only the sign-in challenge. The handler
        // requires one or the other itself.
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Access'],
          summary: 'Replace the primary mobile number and send it a code',
          description:
            'Signed in: the primary phone becomes the new, unverified number and a PHONE_VERIFICATION code is sent (verify with POST /otp/verify/phone). During a sign-in (`challengeToken` or the `ferry_sign_in` cookie; `userId` optional): a SIGN_IN code is sent to the new number (verify with POST /otp/verify-sign-in-otp/{userId}, which also marks it verified); a number that was already verified can only be changed after signing in (403). A number linked to another account: 409.',
          body: updateMobileNumberRequestSchema,
          response: {
            200: envelopeSchema(
              z.object({ requestId: z.string(), resendAvailableAt: z.string(), expiresAt: z.string() }),
            ),
            409: errorBodySchema,
            423: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const { body } = request;
        await assertBotCheck(context, request, body.recaptchaToken);
        const [phone] = body.phones;
        if (!phone) throw new AppError('VALIDATION_ERROR', 'Please enter valid phone number.');

        // The sign-in dialog asks when it names a challenge or another user, or when nobody is signed in.
        const session = request.auth;
        const isSignInRequest =
          !session ||
          body.challengeToken !== undefined ||
          (body.userId !== undefined && body.userId !== session.user.id);

        if (!isSignInRequest) {
          assertSameOriginCookieWrite(request, context);
          const sent = await changeMobileNumber(context, { user: session.user, phone, mode: 'signed-in' });
          return ok(toSentData(sent), 'A verification code was sent to your new mobile number.');
        }

        const challenge = await findRequestSignInChallenge({
          db: context.database.db,
          clock: context.clock,
          request,
          bodyToken: body.challengeToken,
          userId: body.userId,
        });
        if (!challenge) {
          const hasAny = body.challengeToken !== undefined || request.cookies?.[SIGN_IN_COOKIE] !== undefined;
          throw hasAny || session
            ? new AppError('SIGN_IN_EXPIRED', SIGN_IN_EXPIRED_MESSAGE)
            : new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
        }
        const user = await loadChallengeUser(context, challenge);
        const sent = await changeMobileNumber(context, { user, phone, mode: 'sign-in' });
        return ok(toSentData(sent), 'A sign-in code was sent to your new mobile number.');
      },
    );
  };

function toSentData(sent: { requestId: string; resendAvailableAt: Date; expiresAt: Date }) {
  return {
    requestId: sent.requestId,
    resendAvailableAt: sent.resendAvailableAt.toISOString(),
    expiresAt: sent.expiresAt.toISOString(),
  };
}
