import { contactViewSchema } from '@ferry/domain/schemas';
import { z } from 'zod';
import {
  envelopeSchema,
  errorBodySchema,
  errorResponses,
  pagedEnvelopeSchema,
} from '../../platform/http/envelope.js';

/** Path parameters and answers shared by the vendor, customer and network routes. */
export const businessParams = z.object({ businessId: z.string() });
export const contactParams = businessParams.extend({ contactId: z.string() });

export const contactEnvelope = envelopeSchema(contactViewSchema);
export const contactResponses = { 200: contactEnvelope, ...errorResponses };
/** A write that can break a unique rule (same email, network business already linked): 409. */
export const contactWriteResponses = { ...contactResponses, 409: errorBodySchema };
export const contactPageResponses = { 200: pagedEnvelopeSchema(contactViewSchema), ...errorResponses };
