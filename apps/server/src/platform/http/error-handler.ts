import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody, type FieldError, GENERIC_ERROR_MESSAGE } from './errors.js';

function fieldFromPath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  return context ?? '';
}

/** Turns anything thrown into the spec's error object; 5xx answers carry only the generic message. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error, internal: error.internal }, error.message);
      return reply.code(error.statusCode).headers(error.headers).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((issue) => ({
        field: fieldFromPath(issue.instancePath, error.validationContext),
        message: issue.message ?? 'Invalid value',
      }));
      const body: ErrorBody = {
        message: errors[0]?.message ?? 'Invalid request',
        statusCode: 400,
        errors,
        errorCode: 'VALIDATION_ERROR',
      };
      return reply.code(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send(internalErrorBody());
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type, rate limit.
      const errorCode =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 429
              ? 'RATE_LIMITED'
              : status === 404
                ? 'NOT_FOUND'
                : 'BAD_REQUEST';
      const message =
        status === 413
          ? 'The request is too large.'
          : status === 415
            ? 'Unsupported content type.'
            : status === 429
              ? 'Too many requests. Please try again later.'
              : status === 400 && fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
                ? 'The request body is not valid JSON.'
                : fastifyError.message;
      return reply
        .code(status)
        .send({ message, statusCode: status, errors: [], errorCode } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(internalErrorBody());
  });
}

export function internalErrorBody(): ErrorBody {
  return { message: GENERIC_ERROR_MESSAGE, statusCode: 500, errors: [], errorCode: 'INTERNAL_ERROR' };
}
