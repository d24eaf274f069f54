import { randomBytes } from 'node:crypto';

/** A new id: 24 lowercase hex characters (the client treats only such keys as ids). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
