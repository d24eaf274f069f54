/**
 * The sign-in steps' rules: the domain's sign-in schemas (the server checks the same ones). A chunk of its
 * own, loaded by `useDeferredValidation` when the person starts typing, so the sign-in page's first load
 * carries no zod.
 */
import { signInRequestSchema, signInSchema } from '@ferry/domain';
import { schemaResolver } from '@mantine/form';
import { z } from 'zod';

export const validateEmailStep = schemaResolver(z.object({ email: signInRequestSchema.shape.email }), {
  sync: true,
});

export const validatePasswordStep = schemaResolver(signInSchema, { sync: true });
