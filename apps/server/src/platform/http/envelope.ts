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

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), message: z.string(), data });
}

export const errorBodySchema = z
  .object({
    message: z.string(),
    statusCode: z.number().int(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })),
    errorCode: z.string(),
  })
  .meta({ id: 'Error' });

/** The error answers a route may give, for the OpenAPI document. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
  500: errorBodySchema,
} as const;
