import { defineAbilityFor } from '@ferry/domain';
import type { Business } from '@/lib/businesses';

export type RoleAccess = {
  /** Settings › Users and Roles, view: the role list and each role in view mode. */
  canRead: boolean;
  /** Settings › Users and Roles, manage: create, edit and delete roles (spec 001 §6). */
  canManage: boolean;
};

/** What a member may do with the business's roles (the server's ['read' | 'manage', 'Roles'] checks). */
export const getRoleAccess = (business: Business): RoleAccess => {
  const ability = defineAbilityFor(business.permissions);
  return { canRead: ability.can('read', 'Roles'), canManage: ability.can('manage', 'Roles') };
};

/** Spec 001 §2: the role editor without manage on Roles. */
export const VIEW_ONLY_HINT = 'You have only view access';
