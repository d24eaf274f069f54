import { errorObjectSchema, pagedSchema, successEnvelope } from '@ferry/domain/schemas';
import { z } from 'zod';

/** Success answers: `{ status, message, data }`. */
export interface Envelope<T> {
  status: true;
  message: string;
  data: T;
}

export function ok<T>(data: T, message = 'Success'): Envelope<T> {
  return { status: true, message, data };
}

export const envelopeSchema = successEnvelope;
export const pagedEnvelopeSchema = <T extends z.ZodType>(item: T) => successEnvelope(pagedSchema(item));

/** The server always names an errorCode. */
export const errorBodySchema = errorObjectSchema.extend({ errorCode: z.string() }).meta({ id: 'Error' });

/** The error answers a route may give, for the OpenAPI document. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
  500: errorBodySchema,
} as const;
