import {
  accountingConnectionSchema,
  authConnectionsQuerySchema,
  autoSyncRequestSchema,
  connectBusinessQuerySchema,
  connectBusinessRequestSchema,
  connectionUrlQuerySchema,
  connectionUrlSchema,
  integrationProviderSchema,
  organisationCallbackSchema,
  syncPlatformParamsSchema,
  syncPlatformQuerySchema,
  syncPlatformRequestSchema,
  syncRunSchema,
  syncRunsQuerySchema,
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
import { publicOrigin } from '../invitations/service.js';
import {
  completeCallback,
  connectBusiness,
  disconnect,
  findConnectionView,
  listIntegrations,
  organisationCallback,
  setAutoSync,
  startConnection,
} from './connections.js';
import { listSyncRuns, requestSync } from './sync.js';

const businessParams = z.object({ businessId: z.string() });
const responses = { ...errorResponses, 409: errorBodySchema } as const;

/**
 * Accounting connections and sync (spec 002 §7 'Accounting integration', spec 000 §4). Connect,
 * disconnect and the auto-sync switch are the Admin role's (checked here and in the service); syncing
 * and reading are any member's.
 */
export const integrationRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/integration',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['Accounting'],
          summary: 'The accounting software this server can connect to (the picker cards)',
          response: { 200: envelopeSchema(z.array(integrationProviderSchema)), ...errorResponses },
        },
      },
      async () => ok(listIntegrations(context)),
    );

    app.get(
      '/integration/connection-url',
      {
        // Sign-in with a provider starts signed out; connecting a business needs its Admin (checked inside).
        config: { auth: 'none' },
        schema: {
          tags: ['Accounting'],
          summary: "The provider's consent URL for a new round trip (the browser is sent there)",
          querystring: connectionUrlQuerySchema,
          response: { 200: envelopeSchema(connectionUrlSchema), ...responses },
        },
      },
      async (request) => {
        return ok(
          await startConnection(context, {
            userId: request.auth?.user.id ?? null,
            query: request.query,
            origin: publicOrigin(context.config, request),
          }),
        );
      },
    );

    app.get(
      '/integration/callback',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['Accounting'],
          summary: "The provider's redirect back after consent (answers a redirect to the browser app)",
          querystring: z.record(z.string(), z.string().max(4000)),
          response: { 302: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const target = await completeCallback(
          { ...context, log: request.log },
          { query: request.query, origin: publicOrigin(context.config, request) },
        );
        return reply.redirect(target, 302);
      },
    );

    app.get(
      '/auth/connections',
      {
        schema: {
          tags: ['Accounting'],
          summary: 'The organisations a completed round trip covers (organisation callback data)',
          querystring: authConnectionsQuerySchema,
          response: { 200: envelopeSchema(organisationCallbackSchema), ...responses },
        },
      },
      async (request) =>
        ok(
          await organisationCallback(context, {
            userId: getUser(request).id,
            providerType: request.query.providerType,
            state: request.query.state,
          }),
        ),
    );

    app.post(
      '/integration/connect-business',
      {
        schema: {
          tags: ['Accounting'],
          summary: 'Connects the business to the chosen organisation (Admin) and starts the first sync',
          querystring: connectBusinessQuerySchema,
          body: connectBusinessRequestSchema,
          response: { 200: envelopeSchema(accountingConnectionSchema), ...responses },
        },
      },
      async (request) =>
        ok(
          await connectBusiness(context, {
            userId: getUser(request).id,
            providerType: request.query.providerType,
            request: request.body,
          }),
          'Accounting software connected',
        ),
    );

    app.get(
      '/business/:businessId/accounting/connection',
      {
        config: { business: {} },
        schema: {
          tags: ['Accounting'],
          summary: "The business's accounting connection (null when it never connected)",
          params: businessParams,
          response: { 200: envelopeSchema(accountingConnectionSchema.nullable()), ...errorResponses },
        },
      },
      async (request) => ok(await findConnectionView(context, getBusiness(request).businessId)),
    );

    app.patch(
      '/business/:businessId/accounting/connection',
      {
        config: { business: { adminOnly: true } },
        schema: {
          tags: ['Accounting'],
          summary: 'Turns auto-sync on or off (Admin)',
          params: businessParams,
          body: autoSyncRequestSchema,
          response: { 200: envelopeSchema(accountingConnectionSchema), ...responses },
        },
      },
      async (request) =>
        ok(
          await setAutoSync(context, {
            businessId: getBusiness(request).businessId,
            userId: getUser(request).id,
            autoSync: request.body.autoSync,
          }),
          request.body.autoSync ? 'Auto sync turned on' : 'Auto sync turned off',
        ),
    );

    app.post(
      '/business/:businessId/disconnect/accounting-connection',
      {
        config: { business: { adminOnly: true } },
        schema: {
          tags: ['Accounting'],
          summary: 'Disconnects the accounting software (Admin); synced records stay on both sides',
          params: businessParams,
          response: { 200: envelopeSchema(accountingConnectionSchema), ...responses },
        },
      },
      async (request) =>
        ok(
          await disconnect(context, {
            businessId: getBusiness(request).businessId,
            userId: getUser(request).id,
          }),
          'Accounting software disconnected',
        ),
    );

    app.get(
      '/business/:businessId/accounting/sync-runs',
      {
        config: { business: {} },
        schema: {
          tags: ['Accounting'],
          summary: 'The sync history: what each run imported, updated and pushed, and what failed',
          params: businessParams,
          querystring: syncRunsQuerySchema,
          response: { 200: pagedEnvelopeSchema(syncRunSchema), ...errorResponses },
        },
      },
      async (request) =>
        ok(await listSyncRuns(context, { businessId: getBusiness(request).businessId, ...request.query })),
    );

    app.post(
      '/sync/platform/:businessId/:providerType',
      {
        config: { business: {} },
        schema: {
          tags: ['Accounting'],
          summary: 'Starts a sync now (answers the running one when a sync is already under way)',
          params: syncPlatformParamsSchema,
          querystring: syncPlatformQuerySchema,
          body: syncPlatformRequestSchema,
          response: { 200: envelopeSchema(syncRunSchema), ...responses },
        },
      },
      async (request) => {
        return ok(
          await requestSync(context, {
            businessId: getBusiness(request).businessId,
            providerType: request.params.providerType,
            trigger: 'MANUAL',
            userId: getUser(request).id,
          }),
        );
      },
    );
  };
