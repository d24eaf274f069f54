import { idSchema } from '@ferry/domain/ids';
import {
  practiceFirmSchema,
  practiceMembersQuerySchema,
  practiceSchema,
  SETTINGS_API_MESSAGES,
  teamMemberInviteSchema,
  teamMemberSchema,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import {
  envelopeSchema,
  errorBodySchema,
  errorResponses,
  ok,
  pagedEnvelopeSchema,
} from '../../platform/http/envelope.js';
import { publicOrigin } from '../invitations/service.js';
import { createPractice, getPracticeForUser } from './service.js';
import {
  editTeamInvite,
  inviteTeamMember,
  listTeamMembers,
  removeTeamMember,
  resendTeamInvite,
} from './team.js';
import './kinds.js';

const TAG = 'Practice';

const invitationParams = z.object({ invitationId: idSchema });
const teamMemberParams = z.object({ teamMemberId: idSchema });

const writeErrors = { ...errorResponses, 409: errorBodySchema };
const memberAnswer = { 200: envelopeSchema(teamMemberSchema), ...writeErrors };

/**
 * The accountant's practice and its team (spec 001 §2 "Practice and team members", §7 "Practice").
 * Not business routes: the practice is the signed-in accountant's own; the team calls are its owner's
 * only (a team member gets 403, anyone else 404), and `?businessId=` is checked in the service.
 */
export const practiceRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/practice',
      {
        schema: {
          tags: [TAG],
          summary: 'The practice the signed-in user runs or is an active team member of (null if none)',
          response: { 200: envelopeSchema(practiceSchema.nullable()), ...errorResponses },
        },
      },
      async (request) => ok(await getPracticeForUser(context, getUser(request))),
    );

    app.post(
      '/practice',
      {
        schema: {
          tags: [TAG],
          summary: 'Set up the practice (accountants only, once): firm name and number of clients',
          body: practiceFirmSchema,
          response: { 201: envelopeSchema(practiceSchema), ...writeErrors },
        },
      },
      async (request, reply) => {
        const practice = await createPractice(context, { user: getUser(request), firm: request.body });
        return reply.code(201).send(ok(practice, SETTINGS_API_MESSAGES.practiceCreated));
      },
    );

    app.get(
      '/practice-members',
      {
        schema: {
          tags: [TAG],
          summary:
            'The team, newest first (status filter, paging); with businessId: the active members and whether each is in that business',
          querystring: practiceMembersQuerySchema,
          response: { 200: pagedEnvelopeSchema(teamMemberSchema), ...errorResponses },
        },
      },
      async (request) => ok(await listTeamMembers(context, { user: getUser(request), query: request.query })),
    );

    app.post(
      '/practice-members/send-invite',
      {
        schema: {
          tags: [TAG],
          summary: 'Invite a person to the team by email (name split at its first space)',
          body: teamMemberInviteSchema,
          response: { 201: envelopeSchema(teamMemberSchema), ...writeErrors },
        },
      },
      async (request, reply) => {
        const member = await inviteTeamMember(context, {
          user: getUser(request),
          invite: request.body,
          origin: publicOrigin(context.config, request),
        });
        return reply.code(201).send(ok(member, SETTINGS_API_MESSAGES.teamInviteSent));
      },
    );

    app.post(
      '/practice-members/:invitationId/resend-invite',
      {
        schema: {
          tags: [TAG],
          summary: 'Send a pending member a fresh invitation (the old link stops working; once a minute)',
          params: invitationParams,
          response: memberAnswer,
        },
      },
      async (request) =>
        ok(
          await resendTeamInvite(context, {
            user: getUser(request),
            invitationId: request.params.invitationId,
            origin: publicOrigin(context.config, request),
          }),
          SETTINGS_API_MESSAGES.invitationResent,
        ),
    );

    app.patch(
      '/practice-members/invitation/:invitationId',
      {
        schema: {
          tags: [TAG],
          summary: "Correct a pending invitation's name or email (a new email gets a new link)",
          params: invitationParams,
          body: teamMemberInviteSchema,
          response: memberAnswer,
        },
      },
      async (request) =>
        ok(
          await editTeamInvite(context, {
            user: getUser(request),
            invitationId: request.params.invitationId,
            invite: request.body,
            origin: publicOrigin(context.config, request),
          }),
          SETTINGS_API_MESSAGES.teamInviteUpdated,
        ),
    );

    app.delete(
      '/practice-members/:teamMemberId',
      {
        schema: {
          tags: [TAG],
          summary:
            'Remove a team member: a pending invitation is revoked; an active member also leaves the client businesses the practice added them to',
          params: teamMemberParams,
          response: {
            200: envelopeSchema(teamMemberSchema.extend({ removedFromBusinessIds: z.array(idSchema) })),
            ...writeErrors,
          },
        },
      },
      async (request) =>
        ok(
          await removeTeamMember(context, {
            user: getUser(request),
            teamMemberId: request.params.teamMemberId,
          }),
          SETTINGS_API_MESSAGES.teamMemberRemoved,
        ),
    );
  };
