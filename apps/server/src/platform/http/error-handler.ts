import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, type ErrorBody, type FieldError, GENERIC_ERROR_MESSAGE } from './errors.js';

function fieldFromPath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  return context ?? '';
}

/**
 * PostgreSQL errors that only a client's input can cause (SQLSTATE class 22 "data exception" and 54000
 * "program limit exceeded"): a text longer than its column, a number or date out of range, a value
 * of the wrong form, NUL or bad encoding. The schemas refuse these first; this is the last line of
 * defence, so such input answers 400, never 500.
 */
const INPUT_DATABASE_ERRORS = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character
  '22025', // invalid_escape_sequence
  '2201B', // invalid_regular_expression
  '54000', // program_limit_exceeded
]);

export const INPUT_OUT_OF_RANGE_MESSAGE = 'A value in the request is too long or out of range.';

/** The SQLSTATE of a database error caused by input, looking through wrappers (drizzle's query error). */
export function inputDatabaseErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && INPUT_DATABASE_ERRORS.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Fastify's own refusals before any route (a path that is not valid UTF-8, a path parameter past the
 * router's limit) in the spec's error object rather than Fastify's default one.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  request.log.info({ code: error.code }, 'refused request address');
  const body: ErrorBody = {
    message: tooLong ? 'A value in the address is too long.' : 'The request address is not valid.',
    statusCode: 400,
    errors: [],
    errorCode: 'BAD_REQUEST',
  };
  void reply.code(400).header('content-type', 'application/json; charset=utf-8').send(body);
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
    const databaseCode = inputDatabaseErrorCode(error);
    if (databaseCode) {
      request.log.warn({ err: error, sqlState: databaseCode }, 'input refused by the database');
      const body: ErrorBody = {
        message: INPUT_OUT_OF_RANGE_MESSAGE,
        statusCode: 400,
        errors: [],
        errorCode: 'VALIDATION_ERROR',
      };
      return reply.code(400).send(body);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const body: ErrorBody = {
        message: DATABASE_UNAVAILABLE_MESSAGE,
        statusCode: 503,
        errors: [],
        errorCode: 'SERVICE_UNAVAILABLE',
      };
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(body);
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
