import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';
import { type Action, parsePermissionKey, type Subject } from './keys.js';

/** The CASL ability of a business member, derived from the permission keys of their role. */
export type AppAbility = MongoAbility<[Action, Subject]>;

/** User-facing block message (spec 000 §6, 001 §6, 002 §6), verbatim. */
export const ACCESS_DENIED_MESSAGE = 'You don’t have access based on your assigned role.';

/**
 * Builds the ability for a set of permission keys.
 *
 * - `X.manage` grants `manage` (CASL: any action) and therefore `read` on X's subject(s) only.
 * - `X.view` grants `read` on X's subject(s).
 * - A full-access key grants the same on every subject of its area.
 * - Unknown keys are ignored. No key grants anything on the `all` subject.
 */
export const defineAbilityFor = (keys: readonly string[]): AppAbility => {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  for (const key of keys) {
    const parsed = parsePermissionKey(key);
    if (!parsed) continue;
    const action: Action = parsed.level === 'manage' ? 'manage' : 'read';
    for (const subject of parsed.item.subjects) can(action, subject);
  }
  return build();
};
