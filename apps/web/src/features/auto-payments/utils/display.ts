import {
  ACCESS_DENIED_MESSAGE,
  AUTO_PAYMENT_CONTACT_LABELS,
  type AutoPaymentControlAction,
  type AutoPaymentMapping,
  type AutoPaymentMappingStatus,
  allowedAutoPaymentActions,
  defineAbilityFor,
  type Subject,
} from '@ferry/domain';
import { AUTO_PAYMENT_LABEL_COLORS } from '@/components/payments/auto-payment-badge';
import type { AutoPaymentSide } from '../api/auto-payments-api';

export { ACCESS_DENIED_MESSAGE };

/** 'Auto payments are not set up for this customer.' (or vendor): a contact never asked. */
export const notSetUpText = (side: AutoPaymentSide): string =>
  `Auto payments are not set up for this ${side === 'PAYEE' ? 'customer' : 'vendor'}.`;

/** The status shown on the card: the contact label of spec 002 §4 where the spec gives one. */
const OTHER_STATUS_LABELS: Record<AutoPaymentMappingStatus, string> = {
  PENDING: 'Pending',
  REQUESTED: 'Pending',
  ACCEPTED: 'Enabled',
  HOLD: 'On hold',
  PAUSED: 'Paused',
  PAYER_DECLINED: 'Canceled',
  PAYEE_CANCELLED: 'Canceled',
  ADMIN_REVOKED: 'Blocked',
  PAYEE_DISABLED: 'Disabled',
  PAYER_DISABLED: 'Disabled',
};

export const autoPaymentStatusLabel = (status: AutoPaymentMappingStatus): string =>
  AUTO_PAYMENT_CONTACT_LABELS[status] ?? OTHER_STATUS_LABELS[status];

export const AUTO_PAYMENT_STATUS_COLORS: Record<string, string> = {
  ...AUTO_PAYMENT_LABEL_COLORS,
  'On hold': 'orange',
};

/** One sentence of what the status means, worded for the side that reads it. */
export const autoPaymentStatusSentence = (mapping: AutoPaymentMapping): string => {
  const payee = mapping.side === 'PAYEE';
  const other = payee ? mapping.payerContactName : mapping.payeeBusinessName;
  switch (mapping.status) {
    case 'PENDING':
    case 'REQUESTED':
      return payee
        ? `Waiting for ${other} to authorize auto payments.`
        : `${other} asked you to authorize auto payments of its invoices.`;
    case 'ACCEPTED':
      return payee
        ? `Open invoices of ${other} are paid automatically on their due dates.`
        : `Invoices from ${other} are paid automatically on their due dates.`;
    case 'HOLD':
      return payee
        ? `${other} authorized auto payments; they start once its business is verified.`
        : 'Auto payments start once your business is verified.';
    case 'PAUSED':
      return payee
        ? 'You paused auto payments. No invoice is paid automatically until you resume.'
        : `${other} paused auto payments. No invoice is paid automatically for now.`;
    case 'PAYEE_DISABLED':
      return payee
        ? 'You disabled auto payments. No invoice is paid automatically until you enable them.'
        : `${other} disabled auto payments. No invoice is paid automatically for now.`;
    case 'PAYER_DISABLED':
      return payee
        ? `${other} disabled auto payments. No invoice is paid automatically for now.`
        : 'You disabled auto payments. No invoice is paid automatically until you enable them.';
    case 'ADMIN_REVOKED':
      return 'Auto payments are blocked by Ferry. No invoice is paid automatically.';
    case 'PAYER_DECLINED':
      return payee
        ? `${other} declined or canceled auto payments.`
        : 'You declined or canceled auto payments.';
    case 'PAYEE_CANCELLED':
      return payee
        ? 'You canceled the request or revoked the authorization.'
        : `${other} canceled the request or revoked the authorization.`;
  }
};

/** The subject of the auto-payment right of each side (spec 002 §6). */
export const AUTO_PAYMENT_SUBJECT: Record<AutoPaymentSide, Subject> = {
  PAYEE: 'GetPaidManageCustomerAutoPayments',
  PAYER: 'PayManageAutoPayments',
};

export type AutoPaymentAccess = { canRead: boolean; canManage: boolean };

/** What a member may do with auto payments on one side, from the business's permission keys. */
export const getAutoPaymentAccess = (
  permissions: readonly string[] | undefined,
  side: AutoPaymentSide,
): AutoPaymentAccess => {
  const ability = defineAbilityFor([...(permissions ?? [])]);
  return {
    canRead: ability.can('read', AUTO_PAYMENT_SUBJECT[side]),
    canManage: ability.can('manage', AUTO_PAYMENT_SUBJECT[side]),
  };
};

export type CardAction = AutoPaymentControlAction | 'REMIND';

/** The order and names of the card's buttons. */
export const CARD_ACTION_LABELS: Record<CardAction, string> = {
  REMIND: 'Send reminder',
  CHANGE_METHOD: 'Change payment method',
  PAUSE: 'Pause',
  RESUME: 'Resume',
  ENABLE: 'Enable',
  DISABLE: 'Disable auto payments',
  CANCEL_REQUEST: 'Cancel request',
  DECLINE: 'Decline request',
  REVOKE: 'Revoke authorization',
  CANCEL: 'Cancel auto payments',
};
const ACTION_ORDER = Object.keys(CARD_ACTION_LABELS) as CardAction[];

const CONTROL_ACTIONS = new Set<string>(ACTION_ORDER);

/** The statuses in which the payer may change the method (authorised, enabled or disabled). */
const METHOD_STATUSES: readonly AutoPaymentMappingStatus[] = ['ACCEPTED', 'PAYER_DISABLED', 'PAYEE_DISABLED'];

/**
 * The buttons of the card: the actions the server offers (`mapping.actions`, the member's right
 * included); for a member without the manage right, those the side could take in this status, shown
 * disabled (spec 002 §6).
 */
export const cardActions = (
  mapping: AutoPaymentMapping,
  canManage: boolean,
): { actions: CardAction[]; readOnly: boolean } => {
  if (canManage || mapping.actions.length > 0) {
    return { actions: ACTION_ORDER.filter((a) => mapping.actions.includes(a)), readOnly: false };
  }
  const possible = new Set<string>(
    allowedAutoPaymentActions(mapping.status, mapping.side).filter((a) => CONTROL_ACTIONS.has(a)),
  );
  if (mapping.side === 'PAYEE' && mapping.status === 'REQUESTED') possible.add('REMIND');
  if (mapping.side === 'PAYER' && METHOD_STATUSES.includes(mapping.status)) possible.add('CHANGE_METHOD');
  return { actions: ACTION_ORDER.filter((a) => possible.has(a)), readOnly: true };
};
