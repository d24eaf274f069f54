import {
  CARD_BRAND_LABELS,
  type CardBrand,
  DELIVERY_SPEED_DETAILS,
  type DeliverySpeed,
  type EnginePaymentStatus,
  formatDate,
  formatMoney,
  getPaymentStatusDisplay,
  LIST_STATUSES,
  maskLast4,
  type PaymentMethodView,
  type PaymentView,
  prettifyStatus,
  type StatusDisplay,
  toCents,
  toPaymentsQueryStatus,
} from '@ferry/domain';

/** Decimal dollars from the API as '$1,250.50'. */
export const formatAmount = (amount: number): string => formatMoney(toCents(amount));

/** A payment's status as shown on the pay side (spec 002 §4 'Display mapping', 'Date labels'). */
export const getPaymentDisplay = (payment: { status: string }): StatusDisplay =>
  getPaymentStatusDisplay(payment.status, { side: 'pay' });

/** 'Chase *** 6789' for a bank, 'Visa *** 4242' for a card; '' when the payment has no method. */
export const formatPaymentMethod = (method: PaymentMethodView | null): string => {
  if (!method) return '';
  if (method.type === 'BANK') return `${method.bankName} ${maskLast4(method.accountMask)}`.trim();
  const brand = CARD_BRAND_LABELS[method.cardBrand as CardBrand] ?? prettifyStatus(method.cardBrand);
  return `${brand} ${maskLast4(method.cardMask)}`.trim();
};

export const formatDeliverySpeed = (speed: DeliverySpeed | null): string =>
  speed ? `${DELIVERY_SPEED_DETAILS[speed].label} (${DELIVERY_SPEED_DETAILS[speed].description})` : '';

/** 'Nov 12, 2026' or 'Nov 12 – Nov 16, 2026' style window (both ends in full). */
export const formatDeliveryWindow = (window: PaymentView['expectedDelivery']): string => {
  if (!window) return '';
  const earliest = formatDate(window.earliest);
  const latest = formatDate(window.latest);
  return earliest === latest ? earliest : `${earliest} – ${latest}`;
};

export type PaymentStatusFilterOption = {
  /** The list status ('PAID', 'PAUSED', 'CANCELED' …). */
  value: string;
  label: string;
  /** What `GET payments` is sent (spec 002 §4 'Query mapping'). */
  query: EnginePaymentStatus;
};

const toQuery = (value: string): EnginePaymentStatus => {
  const mapped = toPaymentsQueryStatus(value);
  return (mapped === 'MARK_AS_PAID' ? 'MARKED_AS_PAID' : mapped) as EnginePaymentStatus;
};

/** List statuses (spec 002 §4) that payments can have; bill-only ones (partial paid, draft) are left out. */
const LIST_PAYMENT_STATUSES = LIST_STATUSES.filter(
  (status) => status.value !== 'PARTIAL_PAID' && status.value !== 'DRAFT',
).map((status) => ({ value: status.value as string, label: status.label as string }));

/** The payment statuses of the Payments tab's filter, in list order, then the final ones. */
export const PAYMENT_STATUS_FILTER_OPTIONS: readonly PaymentStatusFilterOption[] = [
  ...LIST_PAYMENT_STATUSES,
  { value: 'REVERSED', label: getPaymentStatusDisplay('REVERSED').label },
  { value: 'DECLINED', label: getPaymentStatusDisplay('DECLINED').label },
  { value: 'CANCELED', label: getPaymentStatusDisplay('CANCELED').label },
  { value: 'MARK_AS_PAID', label: getPaymentStatusDisplay('MARK_AS_PAID').label },
].map((option) => ({ ...option, query: toQuery(option.value) }));

/** Failure, reversal and decline: the statuses whose detail shows the failure message box. */
export const FAILURE_STATUSES: ReadonlySet<EnginePaymentStatus> = new Set(['FAILED', 'REVERSED', 'DECLINED']);
