import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { envelopeSchema, errorResponses, ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import type { SandboxIdentityProvider } from '../../providers/identity/sandbox.js';
import { syncInquiryByProviderId } from './service.js';

const REDIRECT_STATUS: Record<string, string> = {
  APPROVED: 'approved',
  DECLINED: 'declined',
  COMPLETED: 'completed',
};

/**
 * The sandbox identity provider's hosted page API (the page itself is in the browser app at
 * /sandbox/identity/{inquiryId}). Mounted only while the sandbox is the live identity provider. A
 * decision is passed on to Ferry at once, as the real provider's webhook would.
 */
export const sandboxIdentityRoutes =
  (context: AppContext, sandbox: SandboxIdentityProvider): FastifyPluginAsyncZod =>
  async (app) => {
    const params = z.object({ inquiryId: z.string().max(64) });
    const notFound = () => new AppError('NOT_FOUND', 'This verification was not found.');
    const wrongSession = () =>
      new AppError('UNAUTHENTICATED', 'This verification link has expired. Please start again from Ferry.');

    app.get(
      '/sandbox/identity/inquiries/:inquiryId',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['Sandbox'],
          summary: 'Sandbox identity provider: an inquiry as its hosted page shows it',
          params,
          headers: z.object({ 'x-session-token': z.string().max(200).optional() }),
          response: {
            200: envelopeSchema(
              z.object({
                inquiryId: z.string(),
                kind: z.string(),
                status: z.string(),
                fields: z.record(z.string(), z.string().optional()),
                createdAt: z.string(),
              }),
            ),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const view = await sandbox.describe(
          request.params.inquiryId,
          request.headers['x-session-token'] ?? '',
        );
        if (view === 'unknown') throw notFound();
        if (view === null) throw wrongSession();
        return ok({ ...view, fields: { ...view.fields } });
      },
    );

    app.post(
      '/sandbox/identity/inquiries/:inquiryId/decision',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['Sandbox'],
          summary: 'Sandbox identity provider: approve, decline or cancel on the hosted page',
          params,
          body: z.object({
            sessionToken: z.string().max(200),
            decision: z.enum(['approve', 'decline', 'cancel'], {
              error: 'Please choose approve, decline or cancel.',
            }),
          }),
          response: {
            200: envelopeSchema(z.object({ inquiryId: z.string(), status: z.string() })),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const { inquiryId } = request.params;
        const result = await sandbox.decide(inquiryId, request.body.sessionToken, request.body.decision);
        if (result === 'unknown') throw notFound();
        if (result === 'forbidden') throw wrongSession();
        if (result === 'decided')
          throw new AppError('CONFLICT', 'This verification has already been decided.');
        if (request.body.decision !== 'cancel') await syncInquiryByProviderId(context, inquiryId);
        const status =
          request.body.decision === 'cancel' ? 'cancelled' : (REDIRECT_STATUS[result.status] ?? 'completed');
        return ok({ inquiryId, status });
      },
    );
  };
