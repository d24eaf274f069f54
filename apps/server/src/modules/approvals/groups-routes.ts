import {
  APPROVAL_MESSAGES,
  approvalGroupSchema,
  approvalGroupsQuerySchema,
  approvalGroupViewSchema,
  approvalGroupWriteResultSchema,
} from '@ferry/domain/schemas';
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
import { userActor } from '../activity/service.js';
import {
  APPROVALS_MANAGE,
  APPROVALS_READ,
  createApprovalGroup,
  deleteApprovalGroup,
  getApprovalGroup,
  listApprovalGroups,
  updateApprovalGroup,
} from './groups-service.js';

const businessParams = z.object({ businessId: z.string() });
const groupParams = businessParams.extend({ groupId: z.string() });

const writeErrors = { ...errorResponses, 409: errorBodySchema, 422: errorBodySchema };

/** Approval groups of a business (spec 001 §2, §3, §5, §7, §8): list, create, read, modify, delete. */
export const approvalGroupRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/business/:businessId/approval-groups',
      {
        config: { business: { permission: APPROVALS_READ } },
        schema: {
          tags: ['Approvals'],
          summary:
            'List the approval groups of the business (paged, sorted; searchBy on the name), with their members and the active policies naming each',
          params: businessParams,
          querystring: approvalGroupsQuerySchema,
          response: { 200: pagedEnvelopeSchema(approvalGroupViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await listApprovalGroups(context.database.db, {
            businessId: getBusiness(request).businessId,
            query: request.query,
          }),
        ),
    );

    app.post(
      '/business/:businessId/approval-group',
      {
        config: { business: { permission: APPROVALS_MANAGE } },
        schema: {
          tags: ['Approvals'],
          summary:
            'Create an approval group. 409 APPROVAL_GROUP_NAME_ALREADY_EXISTS (field name) when the name is taken (any case); 422 (field userIds) unless every member is an active member who can approve bills.',
          params: businessParams,
          body: approvalGroupSchema,
          response: { 201: envelopeSchema(approvalGroupWriteResultSchema), ...writeErrors },
        },
      },
      async (request, reply) => {
        const group = await createApprovalGroup(context, {
          businessId: getBusiness(request).businessId,
          actor: userActor(getUser(request)),
          body: request.body,
        });
        reply.code(201);
        return ok({ message: APPROVAL_MESSAGES.groupCreated, group }, APPROVAL_MESSAGES.groupCreated);
      },
    );

    app.get(
      '/business/:businessId/approval-group/:groupId',
      {
        config: { business: { permission: APPROVALS_READ } },
        schema: {
          tags: ['Approvals'],
          summary: 'One approval group of the business, with its members and the active policies naming it',
          params: groupParams,
          response: { 200: envelopeSchema(approvalGroupViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getApprovalGroup(context.database.db, {
            businessId: getBusiness(request).businessId,
            groupId: request.params.groupId,
          }),
        ),
    );

    app.patch(
      '/business/:businessId/approval-group/:groupId',
      {
        config: { business: { permission: APPROVALS_MANAGE } },
        schema: {
          tags: ['Approvals'],
          summary:
            'Modify an approval group (name, description, members; payments already in approval keep their approvers). 400 NO_CHANGES when nothing changed; 409 APPROVAL_GROUP_NAME_ALREADY_EXISTS; 422 (field userIds) for a member added who cannot approve bills.',
          params: groupParams,
          body: approvalGroupSchema,
          response: { 200: envelopeSchema(approvalGroupWriteResultSchema), ...writeErrors },
        },
      },
      async (request) => {
        const group = await updateApprovalGroup(context, {
          businessId: getBusiness(request).businessId,
          groupId: request.params.groupId,
          actor: userActor(getUser(request)),
          body: request.body,
        });
        return ok({ message: APPROVAL_MESSAGES.groupModified, group }, APPROVAL_MESSAGES.groupModified);
      },
    );

    app.delete(
      '/business/:businessId/approval-group/:groupId',
      {
        config: { business: { permission: APPROVALS_MANAGE } },
        schema: {
          tags: ['Approvals'],
          summary: 'Delete an approval group. 409 APPROVAL_GROUP_IN_POLICY while an active policy names it.',
          params: groupParams,
          response: {
            200: envelopeSchema(z.object({ id: z.string() })),
            ...errorResponses,
            409: errorBodySchema,
          },
        },
      },
      async (request) => {
        await deleteApprovalGroup(context, {
          businessId: getBusiness(request).businessId,
          groupId: request.params.groupId,
          actor: userActor(getUser(request)),
        });
        return ok({ id: request.params.groupId }, APPROVAL_MESSAGES.groupDeleted);
      },
    );
  };
