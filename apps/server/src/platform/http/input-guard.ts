import { findBrokenText, TEXT_MESSAGES } from '@ferry/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from './errors.js';

/**
 * Refuses, for every route, a NUL character or a lone UTF-16 surrogate anywhere in the path
 * parameters, the query or a JSON body (keys included) with a 400 naming the field, before the route's
 * schema runs: PostgreSQL cannot store such text, and no field of Ferry needs it (issue 16).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    for (const value of [request.params, request.query, request.body]) {
      const field = findBrokenText(value);
      if (field === undefined) continue;
      const body: ErrorBody = {
        message: TEXT_MESSAGES.invalidCharacter,
        statusCode: 400,
        errors: [{ field, message: TEXT_MESSAGES.invalidCharacter }],
        errorCode: 'VALIDATION_ERROR',
      };
      return reply.code(400).send(body);
    }
  });
}
