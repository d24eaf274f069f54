import { defineAbilityFor, isBusinessFullyVerified } from '@ferry/domain';
import type { Business } from '@/lib/businesses';

export type CardAccess = {
  /** Settings › Payment Methods, manage: add, remove, make primary, link, apply, surcharge. */
  canManage: boolean;
  /** Settings › Payment Methods, view or manage. */
  canRead: boolean;
  /** Only a fully verified business may accept card payments. */
  isVerified: boolean;
};

export const getCardAccess = (business: Business): CardAccess => {
  const ability = defineAbilityFor(business.permissions);
  return {
    canManage: ability.can('manage', 'PaymentMethod'),
    canRead: ability.can('read', 'PaymentMethod'),
    isVerified: isBusinessFullyVerified(business.status),
  };
};
