import { defineAbilityFor } from '@ferry/domain';
import type { Business } from '@/lib/businesses';

/** What a member sees and may start on the home dashboard: the server's checks of each area, read ahead. */
export type HomeAccess = {
  /** Pay › Due Bills, view: the overdue and due-this-week figures (`bills/summary/due`). */
  canReadBills: boolean;
  /** Pay › Payments, view: money going out and the recent payments. */
  canReadPayments: boolean;
  /** Get Paid › Due Invoices, view: the money expected in on the cash-flow card. */
  canReadDueInvoices: boolean;
  /** Settings › Payment Methods, view: the banks and cards the business pays from. */
  canReadPaymentMethods: boolean;
  /** Pay › Approve and Pay Bills, manage: "Pay a bill". */
  canPayBills: boolean;
  /** Pay › Due Bills, manage: "Add a bill". */
  canAddBills: boolean;
  /** Pay › Manage Vendors, manage: "Add a vendor". */
  canAddVendors: boolean;
  /** Settings › Payment Methods, manage: "Link a bank account" when none is linked. */
  canManagePaymentMethods: boolean;
};

export const getHomeAccess = (business: Pick<Business, 'permissions'>): HomeAccess => {
  const ability = defineAbilityFor(business.permissions);
  return {
    canReadBills: ability.can('read', 'PayDueBill'),
    canReadPayments: ability.can('read', 'PayPayments'),
    canReadDueInvoices: ability.can('read', 'GetPaidDueInvoices'),
    canReadPaymentMethods: ability.can('read', 'PaymentMethod'),
    canPayBills: ability.can('manage', 'PayApproveAndPayBills'),
    canAddBills: ability.can('manage', 'PayDueBill'),
    canAddVendors: ability.can('manage', 'PayManageVendors'),
    canManagePaymentMethods: ability.can('manage', 'PaymentMethod'),
  };
};

/** Whether the member may start anything from home (a read-only member gets no action buttons). */
export const hasAnyHomeAction = (access: HomeAccess): boolean =>
  access.canPayBills || access.canAddBills || access.canAddVendors;
