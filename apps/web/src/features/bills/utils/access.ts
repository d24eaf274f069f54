import { defineAbilityFor } from '@ferry/domain';
import type { Business } from '@/lib/businesses';

/** Creating and editing bills needs manage on due bills (spec 002 §6: PAY_DUE_BILLS.manage). */
export const canManageBills = (business: Business): boolean =>
  defineAbilityFor(business.permissions).can('manage', 'PayDueBill');
