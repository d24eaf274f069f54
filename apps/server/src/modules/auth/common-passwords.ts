import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable one.';

/** About 49,000 of the most used passwords (zxcvbn-ts's common list), compared without case. */
const COMMON = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

export const COMMON_PASSWORD_COUNT = COMMON.size;
