import { idSchema } from '@ferry/domain/ids';
import { otpCodeSchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '../../platform/auth/guard.js';
import { assertBotCheck } from '../../platform/bot-check.js';
import type { Clock } from '../../platform/clock.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { envelopeSchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { SENSITIVE_RATE_LIMIT } from '../auth/routes.js';
import { findPrimaryPhone, markEmailVerified, markPrimaryPhoneVerified } from '../users/service.js';
import type { UserRow } from '../users/tables.js';
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

interface VerificationChannel {
  purpose: 'EMAIL_VERIFICATION' | 'PHONE_VERIFICATION';
  channel: 'email' | 'sms';
  /** Where the code goes, or an error when the user has nowhere to receive it. */
  destinationOf(context: AppContext, user: UserRow): Promise<string>;
  markVerified(options: { db: Db; clock: Clock; userId: string }): Promise<void>;
  verifiedState(user: UserRow): { isEmailVerified: boolean; isPhoneNumberVerified: boolean };
  sentMessage: string;
  verifiedMessage: string;
}

const CHANNELS: Record<'email' | 'phone', VerificationChannel> = {
  email: {
    purpose: 'EMAIL_VERIFICATION',
    channel: 'email',
    destinationOf: async (_context, user) => user.email,
    markVerified: markEmailVerified,
    verifiedState: (user) => ({ isEmailVerified: true, isPhoneNumberVerified: user.isPhoneNumberVerified }),
    sentMessage: 'A verification code was sent to your email.',
    verifiedMessage: 'Email verified.',
  },
  phone: {
    purpose: 'PHONE_VERIFICATION',
    channel: 'sms',
    destinationOf: async (context, user) => {
      const phone = await findPrimaryPhone({ db: context.database.db, userId: user.id });
      if (!phone) throw new AppError('BAD_REQUEST', 'Please add a mobile number first.');
      return phone.e164;
    },
    markVerified: markPrimaryPhoneVerified,
    verifiedState: (user) => ({ isEmailVerified: user.isEmailVerified, isPhoneNumberVerified: true }),
    sentMessage: 'A verification code was sent to your mobile number.',
    verifiedMessage: 'Mobile number verified.',
  },
};

/**
 * Email then primary-phone verification of the signed-in user (access spec §4 "Verification flow"):
 * `POST /otp/{email|phone}` sends a code, `POST /otp/verify/{email|phone}` checks it.
 */
export const otpRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    for (const [name, channel] of Object.entries(CHANNELS)) {
      app.post(
        `/otp/${name}`,
        {
          config: { rateLimit: SENSITIVE_RATE_LIMIT },
          schema: {
            tags: ['One-time codes'],
            summary: `Send a code to the user’s ${name === 'email' ? 'email' : 'primary phone'}`,
            body: sendBodySchema,
            response: { 200: sentSchema, ...errorResponses },
          },
        },
        async (request) => {
          await assertBotCheck(context, request, request.body.recaptchaToken);
          const user = getUser(request);
          const sent = await sendOtp(context, {
            userId: user.id,
            purpose: channel.purpose,
            channel: channel.channel,
            destination: await channel.destinationOf(context, user),
          });
          return ok(
            {
              requestId: sent.requestId,
              resendAvailableAt: sent.resendAvailableAt.toISOString(),
              expiresAt: sent.expiresAt.toISOString(),
            },
            channel.sentMessage,
          );
        },
      );

      app.post(
        `/otp/verify/${name}`,
        {
          config: { rateLimit: SENSITIVE_RATE_LIMIT },
          schema: {
            tags: ['One-time codes'],
            summary: `Verify the ${name} code`,
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
            purpose: channel.purpose,
            userId: user.id,
          });
          await channel.markVerified({ db: context.database.db, clock: context.clock, userId: user.id });
          return ok(channel.verifiedState(user), channel.verifiedMessage);
        },
      );
    }
  };
