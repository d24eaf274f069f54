import { z } from 'zod';
import { ID_PATTERN } from './pattern.js';

export { ID_PATTERN, isId } from './pattern.js';

export const idSchema = z.string({ error: 'Invalid id' }).regex(ID_PATTERN, { error: 'Invalid id' });
export type Id = z.infer<typeof idSchema>;
