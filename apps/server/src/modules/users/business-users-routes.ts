import {
  businessUserSchema,
  businessUsersQuerySchema,
  changeRoleSchema,
  SETTINGS_API_MESSAGES,
  userApprovalAssignmentsSchema,
} from '@ferry/domain/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import {
  envelopeSchema,
  errorBodySchema,
  errorResponses,
  ok,
  pagedEnvelopeSchema,
} from '../../platform/http/envelope.js';
import { publicOrigin } from '../invitations/service.js';
import { callerOf } from '../roles/routes.js';
import {
  changeBusinessUserRole,
  getUserApprovalAssignments,
  removeBusinessUser,
} from './business-users-changes.js';
import {
  addBusinessUser,
  findBusinessUser,
  listBusinessUsers,
  resendBusinessInvitation,
  USERS_MANAGE,
  USERS_READ,
  type UserCaller,
  userIdNotFound,
} from './business-users-service.js';
import './kinds.js';

const businessParams = z.object({ businessId: z.string() });
const userParams = businessParams.extend({ userId: z.string() });
const mappingParams = businessParams.extend({ mappingId: z.string() });

const text = (max: number) => z.string().max(max).optional();

/**
 * `POST /business/{id}/users`: the two forms of `addBusinessUserRequestSchema` (settings-api.ts) in one
 * object, checked by the service so that each field answers with the spec's message.
 */
const addUserBodySchema = z.object({
  userId: text(64),
  firstName: text(200),
  lastName: text(200),
  email: text(320),
  roleId: text(64),
});

const sendInviteBodySchema = z
  .object({ id: text(64), email: text(320) })
  .refine((body) => (body.id === undefined) !== (body.email === undefined), {
    error: 'Send either the invitation id or the email.',
  });

const userResponses = { 200: envelopeSchema(businessUserSchema), ...errorResponses };
const userWriteResponses = { ...userResponses, 409: errorBodySchema };

function userCallerOf(request: FastifyRequest): UserCaller {
  return { ...callerOf(request), user: getUser(request) };
}

/** Users of a business (spec 001 §7 "Users"): list, add, invite again, change role, remove. */
export const businessUserRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/business/:businessId/users',
      {
        // The approval pickers (groups, policies, delegation) list the members who can approve bills:
        // members who may read payment approvals, or approve, see that list and nothing more.
        config: {
          business: {
            anyOf: [USERS_READ, ['read', 'PaymentApproval'], ['manage', 'PayApproveAndPayBills']],
          },
        },
        schema: {
          tags: ['Users'],
          summary:
            'List the members of the business and, with invitations=true, its pending (or expired) invitations; filters, sort and paging',
          description:
            'Needs read on Users; a member who may only read payment approvals (or approve) gets the members who can approve bills (billApprovalPermissions=true), without invitations.',
          params: businessParams,
          querystring: businessUsersQuerySchema,
          response: { 200: pagedEnvelopeSchema(businessUserSchema), ...errorResponses },
        },
      },
      async (request) => {
        const business = getBusiness(request);
        const query = business.ability.can(...USERS_READ)
          ? request.query
          : { ...request.query, billApprovalPermissions: true, invitations: false };
        return ok(
          await listBusinessUsers(context.database.db, {
            businessId: business.businessId,
            currentUserId: getUser(request).id,
            now: context.clock.now(),
            query,
          }),
        );
      },
    );

    app.get(
      '/business/:businessId/users/:userId',
      {
        config: { business: { permission: USERS_READ } },
        schema: {
          tags: ['Users'],
          summary: 'One member (by user id) or pending invitation (by its id)',
          params: userParams,
          response: userResponses,
        },
      },
      async (request) => {
        const row = await findBusinessUser(context.database.db, {
          businessId: getBusiness(request).businessId,
          id: request.params.userId,
          currentUserId: getUser(request).id,
          now: context.clock.now(),
        });
        if (!row) throw userIdNotFound();
        return ok(row);
      },
    );

    app.post(
      '/business/:businessId/users',
      {
        config: { business: { permission: USERS_MANAGE } },
        schema: {
          tags: ['Users'],
          summary:
            'Add a user: { firstName, lastName, email, roleId } emails an invitation; { userId, roleId } (accountants) adds an active member of their practice team at once. 409 ALREADY_MEMBER / ALREADY_INVITED on email.',
          params: businessParams,
          body: addUserBodySchema,
          response: { 201: envelopeSchema(businessUserSchema), ...errorResponses, 409: errorBodySchema },
        },
      },
      async (request, reply) => {
        const added = await addBusinessUser(context, {
          businessId: getBusiness(request).businessId,
          caller: userCallerOf(request),
          body: request.body,
          origin: publicOrigin(context.config, request),
        });
        reply.code(201);
        return ok(added, SETTINGS_API_MESSAGES.userAdded);
      },
    );

    app.post(
      '/business/:businessId/user/send-invite',
      {
        config: { business: { permission: USERS_MANAGE } },
        schema: {
          tags: ['Users'],
          summary:
            "Send a pending (or expired) invitation again, found by body { id } (the invitation's id, the row's mappingId) or { email }: the old link stops working, a fresh one is mailed (at most once a minute, else 429). Answers the new invitation row.",
          params: businessParams,
          body: sendInviteBodySchema,
          response: userResponses,
        },
      },
      async (request) => {
        const { id, email } = request.body;
        const resent = await resendBusinessInvitation(context, {
          businessId: getBusiness(request).businessId,
          caller: userCallerOf(request),
          target: id !== undefined ? { invitationId: id } : { email: email ?? '' },
          origin: publicOrigin(context.config, request),
        });
        return ok(resent, SETTINGS_API_MESSAGES.invitationResent);
      },
    );

    app.post(
      '/business/:businessId/user/mapping/:mappingId/resend-invite',
      {
        config: { business: { permission: USERS_MANAGE } },
        schema: {
          tags: ['Users'],
          summary:
            'Revoke a pending invitation (mappingId) and mail a fresh one with the same name and role (at most once a minute, else 429). Answers the new row (its new mappingId).',
          params: mappingParams,
          response: userResponses,
        },
      },
      async (request) => {
        const resent = await resendBusinessInvitation(context, {
          businessId: getBusiness(request).businessId,
          caller: userCallerOf(request),
          target: { invitationId: request.params.mappingId },
          origin: publicOrigin(context.config, request),
        });
        return ok(resent, SETTINGS_API_MESSAGES.invitationResent);
      },
    );

    app.patch(
      '/business/:businessId/users/:userId/change-role',
      {
        config: { business: { permission: USERS_MANAGE } },
        schema: {
          tags: ['Users'],
          summary:
            "Change a member's (or pending invitation's) role. 400 NO_CHANGES; 403 CANNOT_CHANGE_OWN_ROLE or rights the caller lacks; 409 LAST_ADMIN or USER_IN_APPROVAL.",
          params: userParams,
          body: changeRoleSchema,
          response: userWriteResponses,
        },
      },
      async (request) =>
        ok(
          await changeBusinessUserRole(context, {
            businessId: getBusiness(request).businessId,
            caller: userCallerOf(request),
            targetId: request.params.userId,
            roleId: request.body.roleId,
          }),
          SETTINGS_API_MESSAGES.userRoleUpdated,
        ),
    );

    app.delete(
      '/business/:businessId/users/:userId',
      {
        config: { business: { permission: USERS_MANAGE } },
        schema: {
          tags: ['Users'],
          summary:
            'Remove a member from the business, or revoke a pending invitation. 403 CANNOT_REMOVE_YOURSELF; 409 LAST_ADMIN or USER_IN_APPROVAL.',
          params: userParams,
          response: {
            200: envelopeSchema(z.object({ id: z.string() })),
            ...errorResponses,
            409: errorBodySchema,
          },
        },
      },
      async (request) => {
        const removed = await removeBusinessUser(context, {
          businessId: getBusiness(request).businessId,
          caller: userCallerOf(request),
          targetId: request.params.userId,
        });
        const message =
          removed.kind === 'member'
            ? SETTINGS_API_MESSAGES.userRemoved
            : SETTINGS_API_MESSAGES.invitationRevoked;
        return ok({ id: removed.id }, message);
      },
    );

    app.get(
      '/business/:businessId/users/:userId/user-approval-assignments',
      {
        config: { business: { permission: USERS_READ } },
        schema: {
          tags: ['Users'],
          summary:
            'The approval policies and groups in which the user approves (their role cannot change meanwhile)',
          params: userParams,
          response: { 200: envelopeSchema(userApprovalAssignmentsSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getUserApprovalAssignments(context, {
            businessId: getBusiness(request).businessId,
            caller: userCallerOf(request),
            targetId: request.params.userId,
          }),
        ),
    );
  };
