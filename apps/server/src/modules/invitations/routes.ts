import { invitationCodeRequestSchema, invitationVerifyRequestSchema } from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '../../platform/auth/guard.js';
import { setSessionCookie } from '../../platform/auth/session-cookie.js';
import { assertBotCheck } from '../../platform/bot-check.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { SENSITIVE_RATE_LIMIT } from '../auth/routes.js';
import {
  acceptInvitation,
  findInvitationToOpenByCode,
  findInvitationToOpenByToken,
  listPendingInvitations,
  openInvitation,
} from './service.js';

export const acceptedInvitationSchema = z
  .object({
    invitationType: z.string(),
    businessId: z.string().nullable(),
    redirectTo: z.string().nullable(),
  })
  .meta({ id: 'AcceptedInvitation' });

const invitationDataSchema = z
  .looseObject({
    id: z.string(),
    email: z.string(),
    sentToUserId: z.string().nullable(),
    sentToUserActiveStatus: z.string().nullable(),
    sentToUserFirstName: z.string().nullable(),
    sentToUserLastName: z.string().nullable(),
    inviteSentByName: z.string().nullable(),
    businessName: z.string().nullable(),
    businessId: z.string().nullable(),
    userType: z.string().nullable(),
    practiceName: z.string().nullable(),
  })
  .meta({ id: 'InvitationData' });

const invitationViewSchema = z
  .object({
    invitationId: z.string(),
    invitationType: z.string(),
    action: z.string().nullable(),
    code: z.string().optional(),
    invitationData: invitationDataSchema,
    /** The invitee has a password: sign in first (no session is issued). */
    requiresSignIn: z.boolean(),
    /** The invitee has no password yet: a session is issued to verify the phone and set one. */
    requiresPassword: z.boolean(),
    token: z.string().optional(),
    sessionId: z.string().optional(),
  })
  .meta({ id: 'Invitation' });

/** Invitations (access spec §3, §7): lookup by link token or `/go?code=`, accept, and the pending list. */
export const invitationRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    /*
     * The link token and the code travel in the path (the spec's URLs), so these two routes log only
     * warnings and errors: Fastify's request lines would otherwise write the secret with the URL.
     */
    const SECRET_IN_PATH = 'warn' as const;

    app.post(
      '/auth/invitation/verify/:token',
      {
        logLevel: SECRET_IN_PATH,
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Access'],
          summary: 'Open an invitation from its emailed link',
          params: z.object({ token: z.string().max(200) }),
          body: invitationVerifyRequestSchema,
          response: { 200: envelopeSchema(invitationViewSchema), ...errorResponses },
        },
      },
      async (request, reply) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const invitation = await findInvitationToOpenByToken(context, request.params.token);
        const { view, session } = await openInvitation(context, {
          invitation,
          signedInUserId: request.auth?.user.id ?? null,
          deviceId: request.client.deviceId,
        });
        if (session) setSessionCookie(reply, context.config, session);
        return ok(view, 'Invitation found.');
      },
    );

    app.post(
      '/auth/invitation/code/:code',
      {
        logLevel: SECRET_IN_PATH,
        config: { auth: 'none', rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Access'],
          summary: 'Open an invitation from its code (/go?code=) and the invited email',
          params: z.object({ code: z.string().max(64) }),
          body: invitationCodeRequestSchema,
          response: { 200: envelopeSchema(invitationViewSchema), ...errorResponses },
        },
      },
      async (request, reply) => {
        await assertBotCheck(context, request, request.body.recaptchaToken);
        const { invitation, code } = await findInvitationToOpenByCode(context, {
          code: request.params.code,
          email: request.body.email,
        });
        const { view, session } = await openInvitation(context, {
          invitation,
          code,
          signedInUserId: request.auth?.user.id ?? null,
          deviceId: request.client.deviceId,
        });
        if (session) setSessionCookie(reply, context.config, session);
        return ok(view, 'Invitation found.');
      },
    );

    app.post(
      '/auth/invitation/:invitationId/accept',
      {
        config: { rateLimit: SENSITIVE_RATE_LIMIT },
        schema: {
          tags: ['Access'],
          summary: 'Accept an invitation addressed to the signed-in user (once)',
          params: z.object({ invitationId: z.string().max(64) }),
          response: {
            200: envelopeSchema(acceptedInvitationSchema),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const accepted = await acceptInvitation(context, {
          invitationId: request.params.invitationId,
          user: getUser(request),
        });
        return ok(accepted, 'Invitation accepted.');
      },
    );

    app.get(
      '/auth/invitation/check/user-invitations',
      {
        schema: {
          tags: ['Access'],
          summary: 'Pending invitations for the signed-in user',
          response: {
            200: envelopeSchema(z.object({ items: z.array(invitationViewSchema) })),
            ...errorResponses,
          },
        },
      },
      async (request) => ok({ items: await listPendingInvitations(context, getUser(request)) }),
    );
  };
