import {
  guestAcceptPaymentRequestSchema,
  guestLinkRequestSchema,
  guestLinkSchema,
  guestPaymentInfoSchema,
  guestPhoneSendRequestSchema,
  guestPhoneVerifyRequestSchema,
  guestSessionSchema,
  guestStartRequestSchema,
  guestStartResponseSchema,
  guestVerifyEmailRequestSchema,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setSessionCookie } from '../../platform/auth/session-cookie.js';
import { assertBotCheck } from '../../platform/bot-check.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { idempotencyKeyOf } from '../../platform/idempotency/idempotency.js';
import { SENSITIVE_RATE_LIMIT } from '../auth/routes.js';
import { setTrustedDeviceCookie } from '../auth/trusted-devices.js';
import './kinds.js';
import {
  acceptGuestPayment,
  describeGuestLink,
  guestPaymentInfo,
  guestScopeOf,
  sendGuestPhoneCode,
  startGuest,
  verifyGuestEmail,
  verifyGuestPhone,
} from './service.js';

/** The link token travels in the bodies: these routes log only warnings and errors. */
const TOKEN_IN_BODY = 'warn' as const;
const tags = ['Guest'];
const writeResponses = {
  409: errorBodySchema,
  410: errorBodySchema,
  422: errorBodySchema,
  ...errorResponses,
};
const idempotencyHeader = z.looseObject({ 'idempotency-key': z.string().optional() });

/** The guest flows (guest-api.ts): a link, the email code, the phone code, the info, the payment. */
export const guestRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/guest/link',
      {
        logLevel: TOKEN_IN_BODY,
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags,
          summary: 'What a guest link is about (nothing changes)',
          description:
            'An unknown link answers 404, a used, cancelled or expired one 410 (both "This link is invalid or has expired.").',
          body: guestLinkRequestSchema,
          response: { 200: envelopeSchema(guestLinkSchema), ...writeResponses },
        },
      },
      async (request) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        return ok(await describeGuestLink(context, request.body.token), 'Link found.');
      },
    );

    app.post(
      '/guest/start',
      {
        logLevel: TOKEN_IN_BODY,
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags,
          summary: 'Start a guest link: the invited email (and names for a new person); sends the email code',
          body: guestStartRequestSchema,
          response: { 200: envelopeSchema(guestStartResponseSchema), ...writeResponses },
        },
      },
      async (request) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const started = await startGuest(context, request.body);
        return ok(started, 'A verification code was sent to your email.');
      },
    );

    app.post(
      '/guest/verify-email',
      {
        logLevel: TOKEN_IN_BODY,
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags,
          summary: 'The email code of a guest link: a guest session scoped to the link',
          body: guestVerifyEmailRequestSchema,
          response: { 200: envelopeSchema(guestSessionSchema), ...writeResponses },
        },
      },
      async (request, reply) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const { expiresAt, ...session } = await verifyGuestEmail(context, {
          token: request.body.token,
          requestId: request.body.requestId,
          otp: request.body.otp,
          deviceId: request.client.deviceId,
        });
        setSessionCookie(reply, context.config, { ...session, expiresAt });
        return ok(session, 'Email verified.');
      },
    );

    app.post(
      '/guest/phone/send',
      {
        config: { rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags,
          summary:
            'Guest session: confirm the last 4 digits of the phone on file, or give a number; sends the SMS code',
          body: guestPhoneSendRequestSchema,
          response: { 200: envelopeSchema(z.object({ requestId: z.string() })), ...writeResponses },
        },
      },
      async (request) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const sent = await sendGuestPhoneCode(context, request.auth, request.body);
        return ok(sent, 'A verification code was sent to your mobile number.');
      },
    );

    app.post(
      '/guest/phone/verify',
      {
        config: { rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags,
          summary:
            'Guest session: the SMS code; answers the guest payment info (with isRegisterTrustedDevice, the ferry_trusted_device cookie: sign-ins skip the code for 30 days)',
          body: guestPhoneVerifyRequestSchema,
          response: { 200: envelopeSchema(guestPaymentInfoSchema), ...writeResponses },
        },
      },
      async (request, reply) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const { info, trustedDevice } = await verifyGuestPhone(context, request.auth, request.body, {
          deviceId: request.client.deviceId,
        });
        if (trustedDevice) setTrustedDeviceCookie(reply, context.config, trustedDevice);
        return ok(info, 'Mobile number verified.');
      },
    );

    app.get(
      '/guest/payment-info',
      {
        schema: {
          tags,
          summary: 'Guest session (phone verified): the request or payment of the link',
          response: { 200: envelopeSchema(guestPaymentInfoSchema), ...errorResponses },
        },
      },
      async (request) => ok(await guestPaymentInfo(context, guestScopeOf(request.auth)), 'Payment info.'),
    );

    app.post(
      '/payments/guest/accept/payment',
      {
        logLevel: TOKEN_IN_BODY,
        config: { idempotency: 'required' },
        schema: {
          tags,
          summary:
            'Guest session (phone verified): pay the request or accept the payment (needs an Idempotency-Key)',
          description:
            'SEND_PAYMENT: amount by the partial-payment rules (422 on `amount`), a verified bank or a card of the guest business (fee added when the payee passes it on). RECEIVE_PAYMENT: a verified bank of the guest business receives the payment; the amount must be the payment’s.',
          headers: idempotencyHeader,
          body: guestAcceptPaymentRequestSchema,
          response: { 200: envelopeSchema(guestPaymentInfoSchema), ...writeResponses },
        },
      },
      async (request) => {
        const info = await acceptGuestPayment(context, request.auth, request.body, idempotencyKeyOf(request));
        return ok(
          info,
          info.paymentType === 'SEND_PAYMENT' ? 'Payment scheduled successfully.' : 'Payment accepted.',
        );
      },
    );
  };
