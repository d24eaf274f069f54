import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/** Being built (issue 18). */
export const approvalGroupRoutes =
  (_context: AppContext): FastifyPluginAsyncZod =>
  async () => {};
