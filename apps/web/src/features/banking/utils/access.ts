import { defineAbilityFor } from '@ferry/domain';
import type { Business } from '@/lib/businesses';

export type BankingAccess = {
  /** Settings > Payment Methods, view: the list. */
  canRead: boolean;
  /** Settings > Payment Methods, manage: add, verify, link, mark primary, reconnect, delete. */
  canManage: boolean;
};

/** What a member may do with the business's banks (spec 002 §6; the server's PaymentMethod checks). */
export const getBankingAccess = (business: Business): BankingAccess => {
  const ability = defineAbilityFor(business.permissions);
  return { canRead: ability.can('read', 'PaymentMethod'), canManage: ability.can('manage', 'PaymentMethod') };
};

export const MANAGE_REQUIRED_HINT = 'Only members who may manage payment methods can change bank accounts.';
