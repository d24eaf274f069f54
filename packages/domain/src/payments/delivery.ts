import {
  DELIVERY_SPEED_DETAILS,
  DELIVERY_SPEED_NOT_ELIGIBLE_MESSAGE,
  DELIVERY_SPEEDS,
  type DeliverySpeed,
  type PaymentMethodKind,
} from '../catalogues/payments.js';
import {
  addBusinessDays,
  type BusinessDayOptions,
  isBusinessDay,
  nextBusinessDay,
} from '../dates/business-days.js';
import { toCalendarDate } from '../dates/calendar-date.js';
import { formatDate } from '../format/date.js';
import { formatMoney } from '../format/number.js';
import { formatWallClock, newYorkInstant, RAILS_TIME_ZONE, toNewYorkWallTime } from './new-york-time.js';

/**
 * Delivery on the Federal Reserve business-day calendar (spec 002 §4 'Speeds'). All times are New York
 * wall time (America/New_York), the time zone of the Federal Reserve's ACH windows.
 *
 * - INSTANT: real-time rails, delivered within minutes on any calendar day (weekends and holidays too),
 *   at most INSTANT_MAX_CENTS per payment.
 * - SAME_DAY: Same Day ACH, submitted in the next of the 10:30, 14:45 and 16:45 ET windows of a business
 *   day and delivered that day; after the last window it goes the next business day. At most
 *   SAME_DAY_MAX_CENTS per payment (Nacha's Same Day ACH limit).
 * - NEXT_DAY: submitted on the process day by the daily cutoff, delivered the next business day.
 * - STANDARD: submitted on the process day by the daily cutoff, delivered in 3 to 5 business days.
 */

/** Instant payments: at most $100,000 per payment (the FedNow default per-payment limit). */
export const INSTANT_MAX_CENTS = 100_000_00;
/** Same Day ACH: at most $1,000,000 per payment (Nacha's per-payment limit). */
export const SAME_DAY_MAX_CENTS = 1_000_000_00;

/** Same Day ACH submission windows, minutes after New York midnight: 10:30, 14:45, 16:45. */
export const SAME_DAY_WINDOWS: readonly number[] = [10 * 60 + 30, 14 * 60 + 45, 16 * 60 + 45];
/**
 * The daily cutoff for NEXT_DAY and STANDARD (and the last same-day window): a payment submitted on its
 * process day at or after 16:45 ET processes the next business day.
 */
export const DAILY_CUTOFF_MINUTES = 16 * 60 + 45;

export const SPEED_BLOCKERS = [
  /** Cards settle through the card networks: STANDARD delivery only. */
  'CARD_STANDARD_ONLY',
  /** INSTANT needs a payee bank that receives real-time payments. */
  'PAYEE_BANK_NOT_INSTANT',
  /** The vendor has not added where to receive the payment yet: only STANDARD can be promised. */
  'PAYEE_BANK_PENDING',
  /** Above the speed's per-payment cap (INSTANT_MAX_CENTS, SAME_DAY_MAX_CENTS). */
  'AMOUNT_OVER_LIMIT',
] as const;
export type SpeedBlocker = (typeof SPEED_BLOCKERS)[number];

/**
 * Why a speed is not available, in words: said after the spec's 'This payment isn’t eligible for this
 * delivery speed.' (issue 15).
 */
export const speedBlockerText = (speed: DeliverySpeed, reason: SpeedBlocker): string => {
  switch (reason) {
    case 'CARD_STANDARD_ONLY':
      return 'Card payments go by Standard delivery only.';
    case 'PAYEE_BANK_NOT_INSTANT':
      return 'The vendor’s bank can’t receive instant payments.';
    case 'PAYEE_BANK_PENDING':
      return 'The vendor hasn’t added verified bank details yet, so only Standard delivery can be promised.';
    case 'AMOUNT_OVER_LIMIT':
      return speed === 'INSTANT'
        ? `Instant payments are limited to ${formatMoney(INSTANT_MAX_CENTS)}.`
        : `Same Day payments are limited to ${formatMoney(SAME_DAY_MAX_CENTS)}.`;
  }
};

/** The spec's sentence followed by the reason: 'This payment isn’t eligible … speed. Card payments …'. */
export const speedNotEligibleMessage = (speed: DeliverySpeed, reason: SpeedBlocker): string =>
  `${DELIVERY_SPEED_NOT_ELIGIBLE_MESSAGE} ${speedBlockerText(speed, reason)}`;

/** Said of a payment asked for today that missed today's cut-off (or last Same Day window). */
export const cutoffPassedText = (speed: DeliverySpeed, processOn: string): string =>
  speed === 'SAME_DAY'
    ? `Today’s last Same Day window (4:45 PM ET) has passed, so it is sent on ${formatDate(processOn)}.`
    : `Today’s 4:45 PM ET cut-off has passed, so it is sent on ${formatDate(processOn)}.`;

export interface SpeedRulesInput {
  amountCents: number;
  /** BANK or CARD; when omitted (deliveryPlan only) the method rule is not checked. */
  method?: PaymentMethodKind;
  /** Whether the payee's bank receives real-time payments; when omitted the rule is not checked. */
  payeeBankInstant?: boolean;
  /** False while a vendor with no bank details on file has not accepted the payment. Default true. */
  payeeBankOnFile?: boolean;
}

/** The later of two 'YYYY-MM-DD' dates. */
const laterDate = (a: string, b: string): string => (a.localeCompare(b) > 0 ? a : b);

const assertAmount = (amountCents: number): void => {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`Invalid amount: ${amountCents} cents`);
  }
};

/** The first rule a speed breaks, or null (rules in SPEED_BLOCKERS order). */
const speedBlocker = (speed: DeliverySpeed, input: SpeedRulesInput): SpeedBlocker | null => {
  if (speed === 'STANDARD') return null;
  if (input.method === 'CARD') return 'CARD_STANDARD_ONLY';
  if (speed === 'INSTANT' && input.payeeBankInstant === false) return 'PAYEE_BANK_NOT_INSTANT';
  if (input.payeeBankOnFile === false) return 'PAYEE_BANK_PENDING';
  if (speed === 'INSTANT' && input.amountCents > INSTANT_MAX_CENTS) return 'AMOUNT_OVER_LIMIT';
  if (speed === 'SAME_DAY' && input.amountCents > SAME_DAY_MAX_CENTS) return 'AMOUNT_OVER_LIMIT';
  return null;
};

export interface SpeedAvailability {
  allowed: boolean;
  reason: SpeedBlocker | null;
  /** The spec's sentence for a speed that is not allowed, null when allowed. */
  message: string | null;
  /** Why it is not allowed, in words (speedBlockerText), null when allowed. */
  reasonText: string | null;
}

/**
 * The speeds a payment may use (`POST /payments/transfer/speed`). STANDARD is always allowed; cards get
 * STANDARD only; INSTANT needs a real-time payee bank and at most $100,000; SAME_DAY at most $1,000,000;
 * a vendor who has not yet added bank details gets STANDARD only. Throws RangeError on an invalid amount.
 */
export const allowedSpeeds = (
  input: SpeedRulesInput & { method: PaymentMethodKind; payeeBankInstant: boolean },
): Record<DeliverySpeed, SpeedAvailability> => {
  assertAmount(input.amountCents);
  const entries = DELIVERY_SPEEDS.map((speed) => {
    const reason = speedBlocker(speed, input);
    return [
      speed,
      {
        allowed: reason === null,
        reason,
        message: reason ? DELIVERY_SPEED_NOT_ELIGIBLE_MESSAGE : null,
        reasonText: reason ? speedBlockerText(speed, reason) : null,
      },
    ] as const;
  });
  return Object.fromEntries(entries) as Record<DeliverySpeed, SpeedAvailability>;
};

export interface DeliveryCutoff {
  timeZone: typeof RAILS_TIME_ZONE;
  /** The last moment (exclusive) to still be submitted on `processOn`: 16:45 ET that day. */
  deadline: Date;
  deadlineWallClock: string;
  /** SAME_DAY only: the window the payment rides, as an instant and as 'HH:MM' ET. */
  window: { at: Date; wallClock: string } | null;
}

export interface DeliveryPlan {
  speed: DeliverySpeed;
  eligible: boolean;
  reason: SpeedBlocker | null;
  message: string | null;
  /** The day the payment is submitted to the rails, 'YYYY-MM-DD'. */
  processOn: string;
  /** True when `processOn` is later than the requested process date (closed day or missed cutoff). */
  rolledForward: boolean;
  /**
   * True when the payment was asked for today, a business day, and goes a later day only because today's
   * cut-off (or last Same Day window) has passed; see cutoffPassedText.
   */
  cutoffPassed: boolean;
  /** Delivery day range; earliest = latest except for STANDARD (3 to 5 business days). */
  expectedDeliveryOn: { earliest: string; latest: string };
  /** Submission cutoff of `processOn`; null for INSTANT, which has none. */
  cutoff: DeliveryCutoff | null;
}

export interface DeliveryPlanInput extends BusinessDayOptions, Omit<SpeedRulesInput, 'amountCents'> {
  speed: DeliverySpeed;
  /** The requested process date, 'YYYY-MM-DD'; a date before today (New York) means today. */
  processDate: string;
  /** The instant the payment is submitted (from the clock, never the browser's wall time). */
  submittedAt: Date;
  amountCents: number;
}

/**
 * When and how a payment is processed and delivered at a speed. Eligibility uses the speed rules of
 * `allowedSpeeds` (method and payee-bank rules only when given); dates are planned even when it is not
 * eligible. Throws RangeError on an invalid amount, date or instant.
 */
export const deliveryPlan = (input: DeliveryPlanInput): DeliveryPlan => {
  assertAmount(input.amountCents);
  const requestedDate = toCalendarDate(input.processDate);
  const now = toNewYorkWallTime(input.submittedAt);
  const options: BusinessDayOptions = input.holidays ? { holidays: [...input.holidays] } : {};
  const requested = laterDate(requestedDate, now.date);
  const isToday = requested === now.date;
  const openToday = isBusinessDay(now.date, options);
  const reason = speedBlocker(input.speed, input);
  const base = {
    speed: input.speed,
    eligible: reason === null,
    reason,
    message: reason ? DELIVERY_SPEED_NOT_ELIGIBLE_MESSAGE : null,
  };

  if (input.speed === 'INSTANT') {
    return {
      ...base,
      processOn: requested,
      rolledForward: requested !== requestedDate,
      cutoffPassed: false,
      expectedDeliveryOn: { earliest: requested, latest: requested },
      cutoff: null,
    };
  }

  let processOn: string;
  let windowMinutes: number | undefined;
  if (input.speed === 'SAME_DAY') {
    windowMinutes = isToday && openToday ? SAME_DAY_WINDOWS.find((w) => now.minutes < w) : undefined;
    if (windowMinutes !== undefined) processOn = now.date;
    else {
      processOn = isToday ? nextBusinessDay(now.date, options) : addBusinessDays(requested, 0, options);
      windowMinutes = SAME_DAY_WINDOWS[0] as number;
    }
  } else if (isToday && openToday && now.minutes < DAILY_CUTOFF_MINUTES) {
    processOn = now.date;
  } else {
    processOn = isToday ? nextBusinessDay(now.date, options) : addBusinessDays(requested, 0, options);
  }

  const details = DELIVERY_SPEED_DETAILS[input.speed];
  return {
    ...base,
    processOn,
    rolledForward: processOn !== requestedDate,
    cutoffPassed: isToday && openToday && processOn !== now.date,
    expectedDeliveryOn: {
      earliest: addBusinessDays(processOn, details.minBusinessDays, options),
      latest: addBusinessDays(processOn, details.maxBusinessDays, options),
    },
    cutoff: {
      timeZone: RAILS_TIME_ZONE,
      deadline: newYorkInstant(processOn, DAILY_CUTOFF_MINUTES),
      deadlineWallClock: formatWallClock(DAILY_CUTOFF_MINUTES),
      window:
        windowMinutes === undefined
          ? null
          : { at: newYorkInstant(processOn, windowMinutes), wallClock: formatWallClock(windowMinutes) },
    },
  };
};
