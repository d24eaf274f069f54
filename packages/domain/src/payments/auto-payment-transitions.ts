import type {
  AutoPaymentActivity,
  AutoPaymentFeatureState,
  AutoPaymentMappingStatus,
} from '../catalogues/auto-payment.js';

/**
 * The auto-payment mapping machine (issue 20; spec 002 §4 'Auto-payment'). A mapping joins a payee
 * business's customer to the payer business that authorised it. Every status change goes through
 * `nextAutoPaymentStatus`; a pair it does not list is refused (409 in the API), so no step is skipped.
 *
 * Who may act: PAYEE = the business that is paid (its customer contact); PAYER = the business that pays
 * (its vendor contact); ADMIN = a Ferry operator; SYSTEM = the engine (an ACH return that says the debit
 * was not authorised, a verification that lifts a hold).
 */
export type AutoPaymentSide = 'PAYEE' | 'PAYER';
export type AutoPaymentActor = AutoPaymentSide | 'ADMIN' | 'SYSTEM';

export const AUTO_PAYMENT_ACTIONS = [
  /** PAYER: authorises with a bank or card: ACCEPTED, or HOLD while the payer business is not verified. */
  'AUTHORIZE',
  'HOLD',
  /** SYSTEM: the payer business got verified: HOLD → ACCEPTED. */
  'RELEASE_HOLD',
  /** PAYER: declines a request it received. */
  'DECLINE',
  /** PAYEE: withdraws a request not yet authorised. */
  'CANCEL_REQUEST',
  /** PAYEE: pauses the request or the authorisation; RESUME returns to where it was. */
  'PAUSE',
  'RESUME',
  /** Either side stops auto payments for now; the same side enables them again. */
  'DISABLE',
  'ENABLE',
  /** PAYER: cancels the authorisation for good ('Cancel auto payments'). */
  'CANCEL',
  /** PAYEE: revokes the authorisation for good ('Revoke authorization'). */
  'REVOKE',
  /** ADMIN: blocks a mapping; REACTIVATE returns it to ACCEPTED. */
  'BLOCK',
  'REACTIVATE',
  /** SYSTEM: an ACH return R05/R07/R10/R29 on an auto payment ends the authorisation. */
  'END_BY_RETURN',
] as const;
export type AutoPaymentAction = (typeof AUTO_PAYMENT_ACTIONS)[number];

/** Statuses that end a mapping for good; a new request may then be made for the customer. */
export const AUTO_PAYMENT_ENDED_STATUSES = [
  'PAYER_DECLINED',
  'PAYEE_CANCELLED',
] as const satisfies readonly AutoPaymentMappingStatus[];

/** Statuses of a live mapping: at most one per payee customer (a partial unique index holds it). */
export const AUTO_PAYMENT_LIVE_STATUSES = [
  'PENDING',
  'REQUESTED',
  'ACCEPTED',
  'HOLD',
  'PAUSED',
  'PAYEE_DISABLED',
  'PAYER_DISABLED',
  'ADMIN_REVOKED',
] as const satisfies readonly AutoPaymentMappingStatus[];

export const isAutoPaymentLive = (status: AutoPaymentMappingStatus): boolean =>
  (AUTO_PAYMENT_LIVE_STATUSES as readonly string[]).includes(status);

interface Rule {
  from: readonly AutoPaymentMappingStatus[];
  by: readonly AutoPaymentActor[];
  /** The next status; RESUME returns to `resumeTo` (kept on the mapping when it was paused). */
  to: AutoPaymentMappingStatus | 'RESUME_TO';
}

const RULES: Record<AutoPaymentAction, Rule> = {
  AUTHORIZE: { from: ['PENDING', 'REQUESTED'], by: ['PAYER'], to: 'ACCEPTED' },
  HOLD: { from: ['PENDING', 'REQUESTED'], by: ['PAYER'], to: 'HOLD' },
  RELEASE_HOLD: { from: ['HOLD'], by: ['SYSTEM', 'ADMIN'], to: 'ACCEPTED' },
  DECLINE: { from: ['PENDING', 'REQUESTED'], by: ['PAYER'], to: 'PAYER_DECLINED' },
  CANCEL_REQUEST: { from: ['PENDING', 'REQUESTED', 'PAUSED'], by: ['PAYEE'], to: 'PAYEE_CANCELLED' },
  PAUSE: { from: ['REQUESTED', 'ACCEPTED'], by: ['PAYEE'], to: 'PAUSED' },
  RESUME: { from: ['PAUSED'], by: ['PAYEE'], to: 'RESUME_TO' },
  DISABLE: { from: ['ACCEPTED'], by: ['PAYEE', 'PAYER'], to: 'PAYEE_DISABLED' },
  ENABLE: { from: ['PAYEE_DISABLED', 'PAYER_DISABLED'], by: ['PAYEE', 'PAYER'], to: 'ACCEPTED' },
  CANCEL: {
    from: ['ACCEPTED', 'HOLD', 'PAUSED', 'PAYEE_DISABLED', 'PAYER_DISABLED'],
    by: ['PAYER'],
    to: 'PAYER_DECLINED',
  },
  REVOKE: {
    from: ['ACCEPTED', 'HOLD', 'PAUSED', 'PAYEE_DISABLED', 'PAYER_DISABLED'],
    by: ['PAYEE'],
    to: 'PAYEE_CANCELLED',
  },
  BLOCK: {
    from: ['REQUESTED', 'ACCEPTED', 'HOLD', 'PAUSED', 'PAYEE_DISABLED', 'PAYER_DISABLED'],
    by: ['ADMIN'],
    to: 'ADMIN_REVOKED',
  },
  REACTIVATE: { from: ['ADMIN_REVOKED'], by: ['ADMIN'], to: 'ACCEPTED' },
  END_BY_RETURN: {
    from: ['ACCEPTED', 'HOLD', 'PAUSED', 'PAYEE_DISABLED', 'PAYER_DISABLED'],
    by: ['SYSTEM'],
    to: 'PAYER_DECLINED',
  },
};

/**
 * The status after `action` by `actor`, or null when the machine does not allow it. DISABLE lands on
 * the side's own disabled status; ENABLE only undoes the side's own disable.
 */
export function nextAutoPaymentStatus(options: {
  status: AutoPaymentMappingStatus;
  action: AutoPaymentAction;
  actor: AutoPaymentActor;
  /** For RESUME: the status the mapping had when it was paused (REQUESTED or ACCEPTED). */
  resumeTo?: AutoPaymentMappingStatus | null;
}): AutoPaymentMappingStatus | null {
  const { status, action, actor } = options;
  const rule = RULES[action];
  if (!rule.from.includes(status) || !rule.by.includes(actor)) return null;
  if (action === 'DISABLE') return actor === 'PAYER' ? 'PAYER_DISABLED' : 'PAYEE_DISABLED';
  if (action === 'ENABLE') {
    const own = actor === 'PAYER' ? 'PAYER_DISABLED' : 'PAYEE_DISABLED';
    return status === own ? 'ACCEPTED' : null;
  }
  if (rule.to === 'RESUME_TO') {
    const back = options.resumeTo;
    return back === 'REQUESTED' || back === 'ACCEPTED' ? back : null;
  }
  return rule.to;
}

/** The actions `actor` can take on a mapping in `status` (the screens show only these). */
export function allowedAutoPaymentActions(
  status: AutoPaymentMappingStatus,
  actor: AutoPaymentActor,
  resumeTo?: AutoPaymentMappingStatus | null,
): AutoPaymentAction[] {
  return AUTO_PAYMENT_ACTIONS.filter(
    (action) => nextAutoPaymentStatus({ status, action, actor, resumeTo }) !== null,
  );
}

/** The feature state a status shows as (spec 002 §4 feature states); NOT_INITIATED without a live mapping. */
export function autoPaymentFeatureState(status: AutoPaymentMappingStatus | null): AutoPaymentFeatureState {
  switch (status) {
    case 'PENDING':
    case 'REQUESTED':
    case 'HOLD':
      return 'SUBMITTED';
    case 'ACCEPTED':
      return 'ENABLED';
    case 'PAUSED':
      return 'PAUSED';
    case 'ADMIN_REVOKED':
      return 'BLOCKED';
    case 'PAYEE_DISABLED':
      return 'PAYEE_DISABLED';
    case 'PAYER_DISABLED':
      return 'PAYER_DISABLED';
    default:
      return 'NOT_INITIATED';
  }
}

/**
 * The activity a change writes on each side: `payee` on the payee's customer (CUSTOMER list of the
 * catalogue), `payer` on the payer's vendor (VENDOR list). Null: nothing on that side.
 */
export const AUTO_PAYMENT_ACTIVITY_OF: Record<
  AutoPaymentAction | 'REQUEST' | 'REMIND' | 'CHANGE_METHOD',
  { payee: AutoPaymentActivity | null; payer: AutoPaymentActivity | null }
> = {
  REQUEST: { payee: 'AUTHORIZATION_REQUEST_SENT', payer: 'AUTHORIZATION_REQUEST_RECEIVED' },
  REMIND: { payee: 'AUTHORIZATION_REMINDER_SENT', payer: 'AUTHORIZATION_REMINDER_RECEIVED' },
  AUTHORIZE: { payee: 'AUTO_PAYMENTS_AUTHORIZED', payer: 'AUTO_PAYMENTS_AUTHORIZED' },
  HOLD: { payee: 'AUTO_PAYMENTS_AUTHORIZED', payer: 'AUTO_PAYMENTS_AUTHORIZED' },
  RELEASE_HOLD: { payee: 'AUTO_PAYMENTS_ENABLED', payer: 'AUTO_PAYMENTS_ENABLED' },
  DECLINE: { payee: 'AUTO_PAYMENTS_REQUEST_CANCELED', payer: 'AUTO_PAYMENTS_REQUEST_CANCELED' },
  CANCEL_REQUEST: { payee: 'AUTO_PAYMENTS_REQUEST_CANCELED', payer: 'AUTO_PAYMENTS_REQUEST_CANCELED' },
  PAUSE: { payee: 'AUTHORIZATION_REQUEST_PAUSED', payer: null },
  RESUME: { payee: 'AUTO_PAYMENTS_ENABLED', payer: null },
  DISABLE: { payee: 'AUTO_PAYMENTS_DISABLED', payer: 'AUTO_PAYMENTS_DISABLED' },
  ENABLE: { payee: 'AUTO_PAYMENTS_ENABLED', payer: 'AUTO_PAYMENTS_ENABLED' },
  CANCEL: { payee: 'AUTO_PAYMENTS_CANCELED', payer: 'AUTHORIZATION_REVOKED' },
  REVOKE: { payee: 'AUTO_PAYMENTS_CANCELED', payer: 'AUTHORIZATION_REVOKED' },
  BLOCK: { payee: 'FLY_AUTO_PAYMENTS_BLOCKED', payer: 'FLY_AUTO_PAYMENTS_BLOCKED' },
  REACTIVATE: { payee: 'FLY_AUTHORIZATION_REACTIVATED', payer: 'FLY_AUTHORIZATION_REACTIVATED' },
  END_BY_RETURN: { payee: 'AUTO_PAYMENTS_CANCELED', payer: 'AUTHORIZATION_REVOKED' },
  CHANGE_METHOD: { payee: null, payer: 'PAYMENT_METHOD_UPDATED' },
};

/** ACH return codes that mean the payer never authorised (or withdrew) the debit: they end the mapping. */
export const AUTO_PAYMENT_ENDING_RETURN_CODES = ['R05', 'R07', 'R10', 'R29'] as const;

/** Days before an invoice's due date that its auto payment is scheduled and both sides are told. */
export const AUTO_PAYMENT_NOTICE_DAYS = 3;
