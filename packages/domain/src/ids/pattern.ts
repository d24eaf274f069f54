/** Ids are 24 lowercase hexadecimal characters. (Kept apart from `idSchema`: the browser's first load
 * checks ids with `isId` and must not carry zod for it.) */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

export const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);
