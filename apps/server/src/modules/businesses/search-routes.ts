import {
  isDialCodeOfCountry,
  mobileNumberExistsRequestSchema,
  PHONE_MESSAGES,
  toE164,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertBotCheck } from '../../platform/bot-check.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { SENSITIVE_RATE_LIMIT } from '../auth/routes.js';
import { isPhoneLinkedElsewhere } from '../users/service.js';

/** The E.164 form of a number given with its dial code (and, when known, its country), or null. */
export function phoneToE164(options: {
  phone: string;
  countryCode: string;
  countryISOCode?: string | undefined;
}): string | null {
  const dialCode = options.countryCode.trim().replace(/^\+/, '');
  if (options.countryISOCode) {
    if (!isDialCodeOfCountry(dialCode, options.countryISOCode)) return null;
    return toE164(options.phone, options.countryISOCode);
  }
  // With a leading '+' the dial code decides the country; the default is not used.
  return toE164(`+${dialCode} ${options.phone.trim().replace(/^\+/, '')}`, 'US');
}

/** Business network searches (access spec §7). */
export const businessSearchRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * Whether a number is already the verified primary phone of another account (the guest flow checks
     * before sending a code). It necessarily tells numbers apart, so it has a bot check and the
     * sensitive rate limit.
     */
    app.post(
      '/business/search/mobile-number-exists',
      {
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Businesses'],
          summary: 'Whether a mobile number belongs to another account',
          body: mobileNumberExistsRequestSchema,
          response: {
            200: envelopeSchema(z.object({ isPhoneNumberExists: z.boolean() })),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const e164 = phoneToE164(request.body);
        if (!e164) {
          throw new AppError('VALIDATION_ERROR', PHONE_MESSAGES.invalid, {
            errors: [{ field: 'phone', message: PHONE_MESSAGES.invalid }],
          });
        }
        const isPhoneNumberExists = await isPhoneLinkedElsewhere({
          db: context.database.db,
          e164,
          userId: request.auth?.user.id ?? request.body.userId ?? null,
          verifiedOnly: true,
        });
        return ok({ isPhoneNumberExists });
      },
    );
  };
