import { defineAbilityFor } from '@ferry/domain';
import type { Business } from '@/lib/businesses';

/** Spec 002 §6: the Invoices tab shows with read on due invoices (GET_PAID_DUE_INVOICES.view). */
export const canReadInvoices = (business: Business): boolean =>
  defineAbilityFor(business.permissions).can('read', 'GetPaidDueInvoices');

/** Creating, editing, marking as paid and sending requests need manage on due invoices. */
export const canManageInvoices = (business: Business): boolean =>
  defineAbilityFor(business.permissions).can('manage', 'GetPaidDueInvoices');

/** Spec 002 §6: the Payments tab (received payments) shows with read on payments received. */
export const canReadReceivedPayments = (business: Business): boolean =>
  defineAbilityFor(business.permissions).can('read', 'GetPaidPaymentsReceived');
