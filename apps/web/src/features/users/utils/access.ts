import { defineAbilityFor } from '@ferry/domain';
import type { Business } from '@/lib/businesses';

export type UsersAccess = {
  /** Read on Users: the list and a user's details. */
  canRead: boolean;
  /** Manage on Users: add users, change roles, remove users, resend and revoke invitations. */
  canManage: boolean;
};

/** What the member may do in the users area, from their role's permission keys (spec 001 §6). */
export const getUsersAccess = (business: Pick<Business, 'permissions'>): UsersAccess => {
  const ability = defineAbilityFor(business.permissions);
  return { canRead: ability.can('read', 'Users'), canManage: ability.can('manage', 'Users') };
};
