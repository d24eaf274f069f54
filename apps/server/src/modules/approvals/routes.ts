import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { approvalActionRoutes } from './actions-routes.js';
import { approvalGroupRoutes } from './groups-routes.js';
import { approvalPolicyRoutes } from './policies-routes.js';

/** Approvals (issue 18; spec 001 §2–§9): groups, policies, and payments through approval. */
export const approvalRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(approvalGroupRoutes(context));
    await app.register(approvalPolicyRoutes(context));
    await app.register(approvalActionRoutes(context));
  };
