import { defineAbilityFor } from '@ferry/domain';
import type { Business } from '@/lib/businesses';

export type PaymentsAccess = {
  /** Read on pay payments (spec 002 §6 `canViewPayments`): the list, the detail and the View button. */
  canViewPayments: boolean;
  /** Manage on approve-and-pay: cancel, reschedule, retry and resend the reminder. */
  canManagePayments: boolean;
};

export const getPaymentsAccess = (business: Business): PaymentsAccess => {
  const ability = defineAbilityFor(business.permissions);
  return {
    canViewPayments: ability.can('read', 'PayPayments'),
    canManagePayments: ability.can('manage', 'PayApproveAndPayBills'),
  };
};
