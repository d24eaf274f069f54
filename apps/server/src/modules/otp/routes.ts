import { idSchema } from '@ferry/domain/ids';
import { otpCodeSchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '../../platform/auth/guard.js';
import { assertBotCheck } from '../../platform/bot-check.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { SENSITIVE_RATE_LIMIT } from '../auth/routes.js';
import { findPrimaryPhone, markEmailVerified, markPrimaryPhoneVerified } from '../users/service.js';
import { sendOtp, verifyOtp } from './service.js';

const sendBodySchema = z.object({ recaptchaToken: z.string().optional() });
const verifyBodySchema = z.object({
  requestId: idSchema,
  otp: otpCodeSchema,
  recaptchaToken: z.string().optional(),
});
const sentSchema = envelopeSchema(
  z.object({ requestId: z.string(), resendAvailableAt: z.string(), expiresAt: z.string() }),
);
const verifiedSchema = envelopeSchema(
  z.object({ isEmailVerified: z.boolean(), isPhoneNumberVerified: z.boolean() }),
);

/** Email then primary-phone verification of the signed-in user (access spec §4 "Verification flow"). */
export const otpRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const common = { tags: ['One-time codes'] };

    app.post(
      '/otp/email',
      {
        config: { rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          ...common,
          summary: 'Send a code to the user’s email',
          body: sendBodySchema,
          response: { 200: sentSchema, ...errorResponses },
        },
      },
      async (request) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const user = getUser(request);
        const sent = await sendOtp(context, {
          userId: user.id,
          purpose: 'EMAIL_VERIFICATION',
          channel: 'email',
          destination: user.email,
        });
        return ok(
          {
            requestId: sent.requestId,
            resendAvailableAt: sent.resendAvailableAt.toISOString(),
            expiresAt: sent.expiresAt.toISOString(),
          },
          'A verification code was sent to your email.',
        );
      },
    );

    app.post(
      '/otp/verify/email',
      {
        config: { rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          ...common,
          summary: 'Verify the email code',
          body: verifyBodySchema,
          response: { 200: verifiedSchema, ...errorResponses },
        },
      },
      async (request) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const user = getUser(request);
        await verifyOtp(context, {
          requestId: request.body.requestId,
          code: request.body.otp,
          purpose: 'EMAIL_VERIFICATION',
          userId: user.id,
        });
        await markEmailVerified({ db: context.database.db, clock: context.clock, userId: user.id });
        return ok(
          { isEmailVerified: true, isPhoneNumberVerified: user.isPhoneNumberVerified },
          'Email verified.',
        );
      },
    );

    app.post(
      '/otp/phone',
      {
        config: { rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          ...common,
          summary: 'Send a code to the user’s primary phone',
          body: sendBodySchema,
          response: { 200: sentSchema, ...errorResponses },
        },
      },
      async (request) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const user = getUser(request);
        const phone = await findPrimaryPhone({ db: context.database.db, userId: user.id });
        if (!phone) throw new AppError('BAD_REQUEST', 'Please add a mobile number first.');
        const sent = await sendOtp(context, {
          userId: user.id,
          purpose: 'PHONE_VERIFICATION',
          channel: 'sms',
          destination: phone.e164,
        });
        return ok(
          {
            requestId: sent.requestId,
            resendAvailableAt: sent.resendAvailableAt.toISOString(),
            expiresAt: sent.expiresAt.toISOString(),
          },
          'A verification code was sent to your mobile number.',
        );
      },
    );

    app.post(
      '/otp/verify/phone',
      {
        config: { rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          ...common,
          summary: 'Verify the phone code',
          body: verifyBodySchema,
          response: { 200: verifiedSchema, ...errorResponses },
        },
      },
      async (request) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const user = getUser(request);
        await verifyOtp(context, {
          requestId: request.body.requestId,
          code: request.body.otp,
          purpose: 'PHONE_VERIFICATION',
          userId: user.id,
        });
        await markPrimaryPhoneVerified({ db: context.database.db, clock: context.clock, userId: user.id });
        return ok(
          { isEmailVerified: user.isEmailVerified, isPhoneNumberVerified: true },
          'Mobile number verified.',
        );
      },
    );
  };
