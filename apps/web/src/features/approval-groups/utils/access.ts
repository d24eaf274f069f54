import { defineAbilityFor } from '@ferry/domain';
import type { Business } from '@/lib/businesses';

export type ApprovalAccess = {
  /** Settings › Payment Approvals, view: the groups list and the activity log. */
  canRead: boolean;
  /** Settings › Payment Approvals, manage: create, modify and delete groups (spec 001 §6). */
  canManage: boolean;
};

/** What a member may do with approval groups (the server's ['read' | 'manage', 'PaymentApproval'] checks). */
export const getApprovalAccess = (business: Business): ApprovalAccess => {
  const ability = defineAbilityFor(business.permissions);
  return {
    canRead: ability.can('read', 'PaymentApproval'),
    canManage: ability.can('manage', 'PaymentApproval'),
  };
};

/** The Create button's tooltip for a member who may only view (spec 001 §6: the text is Ferry's). */
export const CREATE_GROUP_READ_ONLY =
  'You can view approval groups, but creating one needs manage access to payment approvals.';
