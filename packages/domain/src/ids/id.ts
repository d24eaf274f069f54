import { z } from 'zod';

/** Ids are 24 lowercase hexadecimal characters. */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

export const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

export const idSchema = z.string({ error: 'Invalid id' }).regex(ID_PATTERN, { error: 'Invalid id' });
export type Id = z.infer<typeof idSchema>;
