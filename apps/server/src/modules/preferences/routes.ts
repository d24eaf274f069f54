import multipart from '@fastify/multipart';
import {
  BUSINESS_PROFILE_MESSAGES,
  businessPreferencesUpdateSchema,
  LOGO_MAX_BYTES,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { BUSINESS_PROFILE_PERMISSION } from '../businesses/service.js';
import {
  businessPreferencesSchema,
  getPreferences,
  readLogo,
  removeLogo,
  setLogo,
  updatePreferences,
} from './service.js';

const params = z.object({ businessId: z.string() });

const logoTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', BUSINESS_PROFILE_MESSAGES.logoTooLarge, {
    errors: [{ field: 'file', message: BUSINESS_PROFILE_MESSAGES.logoTooLarge }],
  });

/** The business profile: website, billing and shipping addresses, logo (spec 000 §7 Preferences). */
export const preferenceRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Multipart is parsed only by the routes of this plugin; one file, nothing else of size.
    await app.register(multipart, {
      limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
    });

    app.get(
      '/preferences/:businessId',
      {
        config: { business: {} },
        schema: {
          tags: ['Businesses'],
          summary: 'The business profile',
          params,
          response: { 200: envelopeSchema(businessPreferencesSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(await getPreferences({ db: context.database.db, businessId: getBusiness(request).businessId })),
    );

    app.patch(
      '/preferences/:businessId',
      {
        config: { business: { permission: BUSINESS_PROFILE_PERMISSION } },
        schema: {
          tags: ['Businesses'],
          summary: 'Change the business profile (website, addresses)',
          params,
          body: businessPreferencesUpdateSchema,
          response: { 200: envelopeSchema(businessPreferencesSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await updatePreferences({
            db: context.database.db,
            clock: context.clock,
            businessId: getBusiness(request).businessId,
            userId: getUser(request).id,
            update: request.body,
          }),
          'Business profile updated',
        ),
    );

    /** Logo upload: multipart/form-data with one file part (field name `file`), PNG or JPEG, ≤ 2 MB. */
    app.post(
      '/preferences/:businessId/logo',
      {
        config: { business: { permission: BUSINESS_PROFILE_PERMISSION } },
        schema: {
          tags: ['Businesses'],
          summary: 'Upload the business logo (multipart, PNG or JPEG, at most 2 MB)',
          description:
            'Send `multipart/form-data` with one file part (field name `file`). The type is decided by the first bytes of the file: PNG or JPEG only (415 otherwise); at most 2 MB (413 otherwise).',
          consumes: ['multipart/form-data'],
          params,
          response: {
            200: envelopeSchema(businessPreferencesSchema),
            413: errorBodySchema,
            415: errorBodySchema,
            ...errorResponses,
          },
        },
      },
      async (request) => {
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', BUSINESS_PROFILE_MESSAGES.logoType, {
            errors: [{ field: 'file', message: BUSINESS_PROFILE_MESSAGES.logoType }],
          });
        }
        const part = await request.file();
        if (!part) {
          throw new AppError('VALIDATION_ERROR', BUSINESS_PROFILE_MESSAGES.logoMissing, {
            errors: [{ field: 'file', message: BUSINESS_PROFILE_MESSAGES.logoMissing }],
          });
        }
        let body: Buffer;
        try {
          body = await part.toBuffer();
        } catch (error) {
          if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw logoTooLarge();
          throw error;
        }
        return ok(
          await setLogo({
            db: context.database.db,
            clock: context.clock,
            files: context.providers.files,
            businessId: getBusiness(request).businessId,
            userId: getUser(request).id,
            body,
          }),
          'Logo uploaded',
        );
      },
    );

    app.delete(
      '/preferences/:businessId/logo',
      {
        config: { business: { permission: BUSINESS_PROFILE_PERMISSION } },
        schema: {
          tags: ['Businesses'],
          summary: 'Remove the business logo',
          params,
          response: { 200: envelopeSchema(businessPreferencesSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await removeLogo({
            db: context.database.db,
            clock: context.clock,
            files: context.providers.files,
            businessId: getBusiness(request).businessId,
            userId: getUser(request).id,
          }),
          'Logo removed',
        ),
    );

    /** The logo image, for members of the business only. */
    app.get(
      '/preferences/:businessId/logo',
      {
        config: { business: {} },
        schema: {
          tags: ['Businesses'],
          summary: 'The business logo image (PNG or JPEG)',
          params,
          produces: ['image/png', 'image/jpeg'],
        },
      },
      async (request, reply) => {
        const logo = await readLogo({
          db: context.database.db,
          files: context.providers.files,
          businessId: getBusiness(request).businessId,
        });
        const extension = logo.contentType === 'image/png' ? 'png' : 'jpg';
        return reply
          .type(logo.contentType)
          .header('content-disposition', `inline; filename="logo.${extension}"`)
          .header('x-content-type-options', 'nosniff')
          .send(logo.body);
      },
    );
  };
