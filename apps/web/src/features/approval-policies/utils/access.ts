import { defineAbilityFor } from '@ferry/domain';
import type { Business } from '@/lib/businesses';

export type ApprovalAccess = {
  /** Settings › Payment Approvals, view: the policies, their audit trail (spec 001 §6). */
  canRead: boolean;
  /** Settings › Payment Approvals, manage: create, edit, reorder and delete policies. */
  canManage: boolean;
};

/** What a member may do with approval policies (the server's ['read' | 'manage', 'PaymentApproval'] checks). */
export const getApprovalAccess = (business: Business): ApprovalAccess => {
  const ability = defineAbilityFor(business.permissions);
  return {
    canRead: ability.can('read', 'PaymentApproval'),
    canManage: ability.can('manage', 'PaymentApproval'),
  };
};
