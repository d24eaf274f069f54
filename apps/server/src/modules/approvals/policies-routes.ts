import {
  APPROVAL_MESSAGES,
  policyNameExistsRequestSchema,
  policyNameExistsSchema,
  policyOrderRequestSchema,
  policyRequestSchema,
  policyUpdateRequestSchema,
  policyViewSchema,
  policyWriteResultSchema,
} from '@ferry/domain/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBusiness, getUser } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorBodySchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { userActor } from '../activity/service.js';
import { APPROVALS_MANAGE, APPROVALS_READ } from './groups-service.js';
import {
  createPolicy,
  deletePolicy,
  getPolicy,
  listPolicies,
  policyNameTaken,
  reorderPolicies,
  updatePolicy,
} from './policies-service.js';

const businessParams = z.object({ businessId: z.string() });
const policyParams = businessParams.extend({ policyId: z.string() });

const writeErrors = { ...errorResponses, 409: errorBodySchema, 422: errorBodySchema };

/**
 * Approval policies of a business (spec 001 §2–§9): the list (the Default Policy last), one policy, the
 * name check, create, edit, delete and the priority order. Every write leaves an audit-trail entry
 * (`user-activity-logs?entity=approval_policies`).
 */
export const approvalPolicyRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/business/:businessId/approvals/policies',
      {
        config: { business: { permission: APPROVALS_READ } },
        schema: {
          tags: ['Approvals'],
          summary:
            'The active approval policies of the business, highest priority first, the Default Policy (made when missing) last',
          params: businessParams,
          response: { 200: envelopeSchema(z.array(policyViewSchema)), ...errorResponses },
        },
      },
      async (request) =>
        ok(await listPolicies(context.database.db, { businessId: getBusiness(request).businessId })),
    );

    app.get(
      '/business/:businessId/approvals/policies/:policyId',
      {
        config: { business: { permission: APPROVALS_READ } },
        schema: {
          tags: ['Approvals'],
          summary: 'One active approval policy of the business',
          params: policyParams,
          response: { 200: envelopeSchema(policyViewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getPolicy(context.database.db, {
            businessId: getBusiness(request).businessId,
            policyId: request.params.policyId,
          }),
        ),
    );

    app.post(
      '/business/:businessId/approvals/policies/name/exists',
      {
        config: { business: { permission: APPROVALS_READ } },
        schema: {
          tags: ['Approvals'],
          summary:
            'Whether an active policy of the business has this name (any case), the one being edited (policyId) aside',
          params: businessParams,
          body: policyNameExistsRequestSchema,
          response: { 200: envelopeSchema(policyNameExistsSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok({
          exists: await policyNameTaken(context.database.db, {
            businessId: getBusiness(request).businessId,
            ...request.body,
          }),
        }),
    );

    app.post(
      '/business/:businessId/approvals/policies',
      {
        config: { business: { permission: APPROVALS_MANAGE } },
        schema: {
          tags: ['Approvals'],
          summary:
            'Create an approval policy (placed last, above the Default Policy). 409 POLICY_NAME_EXISTS (field name); 422 on stages for approvers who cannot approve or a quorum too large, on conditions for vendors not of the business.',
          params: businessParams,
          body: policyRequestSchema,
          response: { 201: envelopeSchema(policyWriteResultSchema), ...writeErrors },
        },
      },
      async (request, reply) => {
        const policy = await createPolicy(context, {
          businessId: getBusiness(request).businessId,
          actor: userActor(getUser(request)),
          body: request.body,
        });
        reply.code(201);
        return ok({ message: APPROVAL_MESSAGES.policyCreated, policy }, APPROVAL_MESSAGES.policyCreated);
      },
    );

    app.patch(
      '/business/:businessId/approvals/policies',
      {
        config: { business: { permission: APPROVALS_MANAGE } },
        schema: {
          tags: ['Approvals'],
          summary:
            'Edit an approval policy (payments already in approval keep their flow). The Default Policy takes only description and stages: 409 DEFAULT_POLICY_FIXED otherwise; 409 POLICY_NAME_EXISTS; 422 as on create.',
          params: businessParams,
          body: policyUpdateRequestSchema,
          response: { 200: envelopeSchema(policyWriteResultSchema), ...writeErrors },
        },
      },
      async (request) => {
        const policy = await updatePolicy(context, {
          businessId: getBusiness(request).businessId,
          actor: userActor(getUser(request)),
          body: request.body,
        });
        return ok({ message: APPROVAL_MESSAGES.policyUpdated, policy }, APPROVAL_MESSAGES.policyUpdated);
      },
    );

    app.patch(
      '/business/:businessId/approvals/policies/order',
      {
        config: { business: { permission: APPROVALS_MANAGE } },
        schema: {
          tags: ['Approvals'],
          summary:
            "Set the priority order: every active non-default policy's id, highest priority first. 409 POLICY_ORDER_STALE when the list is not exactly those policies. Answers the policies in the new order.",
          params: businessParams,
          body: policyOrderRequestSchema,
          response: {
            200: envelopeSchema(z.array(policyViewSchema)),
            ...errorResponses,
            409: errorBodySchema,
          },
        },
      },
      async (request) =>
        ok(
          await reorderPolicies(context, {
            businessId: getBusiness(request).businessId,
            actor: userActor(getUser(request)),
            body: request.body,
          }),
          APPROVAL_MESSAGES.policyOrderUpdated,
        ),
    );

    app.patch(
      '/business/:businessId/approvals/policies/:policyId/delete',
      {
        config: { business: { permission: APPROVALS_MANAGE } },
        schema: {
          tags: ['Approvals'],
          summary:
            'Delete an approval policy (kept for the audit trail; the policies below move up). 409 DEFAULT_POLICY_FIXED for the Default Policy.',
          params: policyParams,
          response: {
            200: envelopeSchema(z.object({ id: z.string() })),
            ...errorResponses,
            409: errorBodySchema,
          },
        },
      },
      async (request) => {
        await deletePolicy(context, {
          businessId: getBusiness(request).businessId,
          policyId: request.params.policyId,
          actor: userActor(getUser(request)),
        });
        return ok({ id: request.params.policyId }, APPROVAL_MESSAGES.policyDeleted);
      },
    );
  };
