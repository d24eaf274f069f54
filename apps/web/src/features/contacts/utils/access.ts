import { BUSINESS_ROLES, defineAbilityFor } from '@ferry/domain';
import type { Business } from '@/lib/businesses';
import type { ContactKindConfig } from './contact-kind';

export type ContactAccess = {
  /** Manage vendors / manage customers (spec 002 §6): add, edit, confirm, documents and bank changes. */
  canManage: boolean;
  /** The auto-payment right of the kind's side (PayManageAutoPayments / GetPaidManageCustomerAutoPayments). */
  canManageAutoPayments: boolean;
  /** The 'admin' role may connect accounting software from the empty state. */
  isAdmin: boolean;
  /** Whether accounting software is connected (the 'Connect Now' empty state shows until it is). */
  hasAccountingConnection: boolean;
};

/** What a member may do with the contacts of one kind, from the business's role and permission keys. */
export const getContactAccess = (business: Business, config: ContactKindConfig): ContactAccess => ({
  canManage: defineAbilityFor(business.permissions).can('manage', config.manageSubject),
  canManageAutoPayments: defineAbilityFor(business.permissions).can('manage', config.autoPaymentSubject),
  isAdmin: (BUSINESS_ROLES as readonly string[]).includes((business.role ?? '').toUpperCase()),
  hasAccountingConnection: hasAccountingConnection(business),
});

type BusinessConnection = { integrationType?: unknown; status?: unknown };

/**
 * `businessConnections[]{integrationType, status}` of the business (spec 002 §3): an accounting connection
 * counts when CONNECTED. The accounting area is not built yet, so a business without the field has none.
 */
export const hasAccountingConnection = (business: Business): boolean => {
  const connections: unknown = business.businessConnections;
  if (!Array.isArray(connections)) return false;
  return connections.some((connection: BusinessConnection) => {
    const type = typeof connection?.integrationType === 'string' ? connection.integrationType : '';
    return type.toUpperCase() === 'ACCOUNTING' && connection.status === 'CONNECTED';
  });
};

/**
 * Editing a contact (spec 002 §6): manage on its kind, or — for a contact whose auto payments are
 * authorised (ACCEPTED) — the auto-payment right of its side.
 */
export const canEditContact = (
  access: ContactAccess,
  autoPaymentStatus: string | null | undefined,
): boolean => access.canManage || (access.canManageAutoPayments && autoPaymentStatus === 'ACCEPTED');
