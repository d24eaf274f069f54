import type { Subject } from '@ferry/domain/permissions';
import {
  APPROVAL_MESSAGES,
  approvalActionRequestSchema,
  approvalActionResultSchema,
  approvalDelegationRequestSchema,
  approvalDelegationSchema,
  approvalMatchRequestSchema,
  approvalMatchSchema,
  approvalOverviewSchema,
  approvePaymentItemSchema,
  approvePaymentsQuerySchema,
  bulkApproveRequestSchema,
  bulkApproveResultSchema,
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
import { userActor } from '../activity/service.js';
import {
  approvalOverview,
  bulkApprove,
  decidePayment,
  listApprovePayments,
  matchPolicy,
  outcomeMessage,
} from './actions-service.js';
import { clearDelegation, getDelegation, setDelegation } from './delegation.js';
import type { ApprovalViewer } from './flow.js';

/** Approve, reject and bypass need approve-and-pay (spec 001 §6); the lists need to read it. */
export const APPROVE_MANAGE: ['manage', Subject] = ['manage', 'PayApproveAndPayBills'];
export const APPROVE_READ: ['read', Subject] = ['read', 'PayApproveAndPayBills'];

const params = z.object({ businessId: z.string() });
const idempotencyHeader = z.looseObject({ 'idempotency-key': z.string().optional() });
const writeResponses = { 409: errorBodySchema, 422: errorBodySchema, ...errorResponses };

const viewerOf = (request: FastifyRequest): ApprovalViewer => ({
  userId: getUser(request).id,
  canApprove: getBusiness(request).ability.can(...APPROVE_MANAGE),
});

const signedInActor = (request: FastifyRequest) => {
  const user = getUser(request);
  return { ...userActor(user), userId: user.id };
};

/** Payments through approval (spec 001 §4, §7 "Approval actions"; 002 §7), the lists, delegation. */
export const approvalActionRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Approvals'];

    for (const call of ['approve', 'reject'] as const) {
      app.post(
        `/business/:businessId/payment-approval-policy/${call}`,
        {
          config: { business: { permission: APPROVE_MANAGE }, idempotency: 'required' },
          schema: {
            tags,
            summary:
              call === 'approve'
                ? 'Approve a payment in approval (approve, approve&Submit, approveAndSchedule, byPassAndApprove, byPassAndApproveSchedule)'
                : 'Reject a payment in approval (reject, byPassAndReject)',
            description:
              'Needs an Idempotency-Key. The approver acts at the current stage, or with a byPass* action at a later stage that allows bypassing lower stages (never the same or a higher one). The final approval schedules the payment on its date; a rejection ends the flow. 409 PAYMENT_NOT_IN_APPROVAL, SELF_APPROVAL, APPROVAL_ALREADY_ACTED, BYPASS_REQUIRED, AWAITING_PRIOR_APPROVALS; 403 NOT_AN_APPROVER.',
            params,
            headers: idempotencyHeader,
            body: approvalActionRequestSchema,
            response: { 200: envelopeSchema(approvalActionResultSchema), ...writeResponses },
          },
        },
        async (request) => {
          const result = await decidePayment(context, {
            call,
            businessId: getBusiness(request).businessId,
            paymentId: request.body.paymentId,
            action: request.body.action,
            remarks: request.body.remarks,
            actor: signedInActor(request),
            viewer: viewerOf(request),
          });
          return ok(result, outcomeMessage(result.outcome));
        },
      );
    }

    app.post(
      '/business/:businessId/payment-approval-policy/bulk-approve',
      {
        config: { business: { permission: APPROVE_MANAGE }, idempotency: 'required' },
        schema: {
          tags,
          summary: 'Approve several payments at their current stage (no bypass), a result each',
          params,
          headers: idempotencyHeader,
          body: bulkApproveRequestSchema,
          response: { 200: envelopeSchema(bulkApproveResultSchema), ...writeResponses },
        },
      },
      async (request) => {
        const result = await bulkApprove(context, {
          businessId: getBusiness(request).businessId,
          paymentIds: request.body.paymentIds,
          remarks: request.body.remarks,
          actor: signedInActor(request),
          viewer: viewerOf(request),
        });
        const done = result.results.filter((r) => r.ok).length;
        return ok(result, APPROVAL_MESSAGES.bulkApproved(done, result.results.length));
      },
    );

    for (const kind of ['unapproved', 'approved'] as const) {
      app.get(
        `/approve-payment/:businessId/${kind}`,
        {
          config: { business: { permission: APPROVE_READ } },
          schema: {
            tags,
            summary:
              kind === 'unapproved'
                ? 'Payments in approval: awaiting the signed-in user (default) or others (awaitingApprovalFromOthers=true)'
                : 'Payments whose approval ended (status APPROVED or REJECTED)',
            params,
            querystring: approvePaymentsQuerySchema,
            response: { 200: pagedEnvelopeSchema(approvePaymentItemSchema), ...errorResponses },
          },
        },
        async (request) =>
          ok(
            await listApprovePayments(context, {
              businessId: getBusiness(request).businessId,
              viewer: viewerOf(request),
              kind,
              query: request.query,
            }),
          ),
      );
    }

    app.get(
      '/approve-payment/:businessId/summary/overview',
      {
        config: { business: { permission: APPROVE_READ } },
        schema: {
          tags,
          summary: 'Counts and amounts: awaiting your approval, awaiting others, approved, rejected',
          params,
          response: { 200: envelopeSchema(approvalOverviewSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await approvalOverview(context, {
            businessId: getBusiness(request).businessId,
            viewer: viewerOf(request),
          }),
        ),
    );

    app.post(
      '/business/:businessId/approvals/policies/match',
      {
        config: { business: { permission: APPROVE_MANAGE } },
        schema: {
          tags,
          summary:
            'The approval policy a payment of this amount to this vendor would go through (null: none)',
          params,
          body: approvalMatchRequestSchema,
          response: { 200: envelopeSchema(approvalMatchSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await matchPolicy(context, {
            businessId: getBusiness(request).businessId,
            userId: getUser(request).id,
            vendorId: request.body.vendorId,
            amountCents: request.body.amount,
          }),
        ),
    );

    app.get(
      '/business/:businessId/approval-delegation',
      {
        config: { business: { permission: APPROVE_MANAGE } },
        schema: {
          tags,
          summary: "The signed-in approver's delegation while away (null when none)",
          params,
          response: { 200: envelopeSchema(approvalDelegationSchema.nullable()), ...errorResponses },
        },
      },
      async (request) =>
        ok(
          await getDelegation(context.database.db, {
            businessId: getBusiness(request).businessId,
            userId: getUser(request).id,
            at: context.clock.now(),
          }),
        ),
    );

    app.put(
      '/business/:businessId/approval-delegation',
      {
        config: { business: { permission: APPROVE_MANAGE } },
        schema: {
          tags,
          summary: 'Name a member who can approve bills to approve in your place between two days',
          params,
          body: approvalDelegationRequestSchema,
          response: { 200: envelopeSchema(approvalDelegationSchema), ...writeResponses },
        },
      },
      async (request) =>
        ok(
          await setDelegation(context.database.db, {
            businessId: getBusiness(request).businessId,
            actor: signedInActor(request),
            request: request.body,
            at: context.clock.now(),
          }),
          'Delegation saved.',
        ),
    );

    app.delete(
      '/business/:businessId/approval-delegation',
      {
        config: { business: { permission: APPROVE_MANAGE } },
        schema: {
          tags,
          summary: 'End your delegation',
          params,
          response: { 200: envelopeSchema(z.null()), ...errorResponses },
        },
      },
      async (request) => {
        await clearDelegation(context.database.db, {
          businessId: getBusiness(request).businessId,
          userId: getUser(request).id,
        });
        return ok(null, 'Delegation ended.');
      },
    );
  };
