import type { AchReturnCode } from '@ferry/domain/payments';
import { newYorkDate } from '@ferry/domain/payments';
import Stripe from 'stripe';
import type { Clock } from '../../platform/clock.js';
import {
  CARD_REFUND_RETURN_CODE,
  type CreateTransferInput,
  deliverSettlementEvents,
  isRailsCard,
  type RailsProvider,
  type RailsTransfer,
  type SettlementBatchHandler,
  type SettlementEvent,
  type SettlementHandler,
  type TransferKind,
  type TransferStatus,
} from './rails.js';

/**
 * Card captures on Stripe (official SDK `stripe`), behind the rails interface. A CARD_CAPTURE is a
 * PaymentIntent confirmed at once, off session, on the card vault's PaymentMethod (`pm_…`) and the
 * Stripe Customer it is attached to, in cents of USD, created under Ferry's idempotency key (Stripe's
 * Idempotency-Key: a retried send answers the same intent) with Ferry's key, kind, reference, card mask
 * and settlement day in its metadata.
 *
 * Settlements come by Stripe's signed webhooks (`stripe.webhooks.constructEvent` with the endpoint's
 * signing secret): payment_intent.succeeded → POSTED, payment_intent.payment_failed / canceled → FAILED
 * with a return code the engine maps (see `cardReturnCode`), charge.dispute.created → RETURNED (R10: the
 * cardholder took the money back; the engine reverses a delivered payment), charge.refunded (in full,
 * not already disputed) → RETURNED (`refunded`). Stripe retries a webhook for three days, and handlers
 * are idempotent, so `processDue` has nothing to poll.
 *
 * Transfers are found by their metadata with Stripe's search (`metadata['ferry_key']:'…'`) rather than a
 * table of Ferry's: Stripe keeps Ferry's key on the intent, so nothing can drift. Search may lag a new
 * intent by up to a minute; within that window a crashed sender that finds nothing sends again under the
 * same Idempotency-Key and Stripe answers the intent it made (keys live 24 hours), so no card is charged
 * twice.
 */

export interface StripeCardRailsOptions {
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…); verifies the Stripe-Signature header. */
  webhookSecret: string;
  clock: Clock;
  /** For tests against a recorded Stripe: where the API is. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/** Metadata keys Ferry writes on its PaymentIntents. */
const META = {
  key: 'ferry_key',
  kind: 'ferry_kind',
  reference: 'ferry_reference',
  mask: 'ferry_card_mask',
  settleOn: 'ferry_settle_on',
} as const;

/**
 * Stripe's decline and error codes (`last_payment_error.decline_code`, else `.code`) as the ACH return
 * codes whose failure reason means the same to the payer: no funds → R01 (insufficient funds), a card
 * that is gone or wrong → R02/R03/R04 (invalid payment account: try another one), fraud, blocks and
 * revoked authorisations → R10/R16/R07 (compliance), a stop-payment order → R08. Any other decline
 * (generic_decline, do_not_honor, authentication_required …) keeps Stripe's own code, which the engine
 * reads as an unknown failure ("please try again or contact support").
 */
export const CARD_DECLINE_RETURN_CODES: Readonly<Record<string, AchReturnCode>> = {
  insufficient_funds: 'R01',
  card_velocity_exceeded: 'R01',
  withdrawal_count_limit_exceeded: 'R01',
  expired_card: 'R02',
  lost_card: 'R02',
  stolen_card: 'R02',
  pickup_card: 'R02',
  new_account_information_available: 'R02',
  invalid_account: 'R03',
  incorrect_number: 'R04',
  invalid_number: 'R04',
  fraudulent: 'R10',
  merchant_blacklist: 'R16',
  security_violation: 'R16',
  restricted_card: 'R16',
  transaction_not_allowed: 'R16',
  revocation_of_authorization: 'R07',
  revocation_of_all_authorizations: 'R07',
  stop_payment_order: 'R08',
};

/** The return code of a dispute: the cardholder says the charge was not theirs to pay (ACH's R10). */
export const CARD_DISPUTE_RETURN_CODE: AchReturnCode = 'R10';

/** The return code of a failed capture: the mapped ACH code, else Stripe's decline or error code. */
export function cardReturnCode(error: { decline_code?: string | null; code?: string | null } | null) {
  const code = error?.decline_code || error?.code || 'card_declined';
  return CARD_DECLINE_RETURN_CODES[code] ?? code;
}

/** A PaymentIntent's status as a transfer's (a refund or dispute is told by its webhook, not here). */
export function cardTransferStatusOf(status: Stripe.PaymentIntent.Status): TransferStatus {
  if (status === 'succeeded') return 'POSTED';
  if (status === 'requires_payment_method' || status === 'canceled') return 'FAILED';
  return 'PENDING';
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * A PaymentIntent as Ferry's transfer (null for an intent Ferry did not make). `at` is when it settled
 * (the webhook event's time; else the intent's creation); `returned` makes it a RETURNED transfer.
 */
export function toCardTransfer(
  intent: Stripe.PaymentIntent,
  options: { at?: Date; returned?: { code: string; at: Date } } = {},
): RailsTransfer | null {
  const metadata = intent.metadata ?? {};
  const key = metadata[META.key];
  if (!key) return null;
  const createdAt = new Date(intent.created * 1000);
  const settled = cardTransferStatusOf(intent.status);
  const status: TransferStatus = options.returned ? 'RETURNED' : settled;
  const postedAt = status === 'PENDING' ? null : (options.at ?? createdAt);
  let returnCode: string | null = null;
  if (options.returned) returnCode = options.returned.code;
  else if (status === 'FAILED') {
    returnCode = intent.status === 'canceled' ? 'canceled' : cardReturnCode(intent.last_payment_error);
  }
  return {
    id: intent.id,
    kind: (metadata[META.kind] ?? 'CARD_CAPTURE') as TransferKind,
    amountCents: intent.amount,
    direction: 'DEBIT',
    reference: metadata[META.reference] ?? '',
    accountMask: metadata[META.mask] ?? '',
    idempotencyKey: key,
    settleOn: metadata[META.settleOn] ?? newYorkDate(createdAt),
    status,
    // A returned capture posted when it was made (captures settle at once).
    postedAt: options.returned ? createdAt : postedAt,
    returnCode,
    returnedAt: options.returned?.at ?? null,
    description: intent.description ?? '',
    createdAt,
  };
}

/** The settlement event a transfer's status tells, if any. */
const eventOf = (transfer: RailsTransfer | null): SettlementEvent | null =>
  transfer && transfer.status !== 'PENDING' ? { transfer, outcome: transfer.status } : null;

/** A value inside a Stripe search query's quotes. */
const quoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** Whether a webhook is Stripe's (it signs with the Stripe-Signature header). */
export const isStripeWebhook = (headers: Record<string, string | string[] | undefined>) =>
  Boolean(header(headers, 'stripe-signature'));

export function createStripeCardRails(options: StripeCardRailsOptions): RailsProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'Ferry' },
    ...(options.api ? options.api : {}),
  });
  const handlers: SettlementHandler[] = [];
  const batchHandlers: SettlementBatchHandler[] = [];

  const deliver = async (events: SettlementEvent[]) => {
    const { error } = await deliverSettlementEvents(events, { single: handlers, batch: batchHandlers });
    if (error) throw error;
  };

  const search = async (metadata: Record<string, string>): Promise<RailsTransfer[]> => {
    const clauses = Object.entries(metadata).map(([name, value]) => `metadata['${name}']:${quoted(value)}`);
    const transfers: RailsTransfer[] = [];
    const intents =
      clauses.length > 0
        ? stripe.paymentIntents.search({ query: clauses.join(' AND '), limit: 100 })
        : stripe.paymentIntents.list({ limit: 100 });
    for await (const intent of intents) {
      const transfer = toCardTransfer(intent);
      if (transfer) transfers.push(transfer);
    }
    return transfers;
  };

  /** The Stripe Customer the vault attached the card to (an off-session intent needs it). */
  const customerOf = async (paymentMethodId: string) => {
    const method = await stripe.paymentMethods.retrieve(paymentMethodId);
    return idOf(method.customer);
  };

  /** The intent behind a charge, dispute or refund, as a RETURNED transfer (null if not Ferry's). */
  const returnedTransfer = async (
    intent: string | Stripe.PaymentIntent | null,
    returned: { code: string; at: Date },
  ) => {
    const id = idOf(intent);
    if (!id) return null;
    return toCardTransfer(await stripe.paymentIntents.retrieve(id), { returned });
  };

  return {
    name: 'stripe',
    async now() {
      return options.clock.now();
    },
    async createTransfer(input: CreateTransferInput) {
      const { account } = input;
      if (input.kind !== 'CARD_CAPTURE' || !isRailsCard(account)) {
        throw new Error('The Stripe card processor captures cards only (CARD_CAPTURE on a card).');
      }
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
        throw new RangeError('A transfer amount must be a positive whole number of cents');
      }
      const customer = await customerOf(account.token);
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            payment_method: account.token,
            ...(customer ? { customer } : {}),
            allowed_payment_method_types: ['card'],
            confirm: true,
            off_session: true,
            description: input.description,
            metadata: {
              [META.key]: input.idempotencyKey,
              [META.kind]: input.kind,
              [META.reference]: account.reference,
              [META.mask]: account.last4,
              [META.settleOn]: input.settleOn,
            },
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (error) {
        // A decline answers an error that carries the intent (requires_payment_method): a FAILED
        // transfer, whose payment_failed webhook tells the engine.
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
          intent = error.payment_intent;
        } else {
          throw error;
        }
      }
      const transfer = toCardTransfer(intent);
      if (!transfer) throw new Error('Stripe answered a PaymentIntent without Ferry metadata');
      return transfer;
    },
    async listTransfers(filter) {
      const metadata: Record<string, string> = {};
      if (filter.reference) metadata[META.reference] = filter.reference;
      if (filter.kind) metadata[META.kind] = filter.kind;
      const transfers = await search(metadata);
      return filter.status ? transfers.filter((t) => t.status === filter.status) : transfers;
    },
    async findTransfer(idempotencyKey) {
      const [transfer] = await search({ [META.key]: idempotencyKey });
      return transfer ?? null;
    },
    onSettlement(handler) {
      handlers.push(handler);
    },
    onSettlementBatch(handler) {
      batchHandlers.push(handler);
    },
    // Stripe tells Ferry by webhooks (retried for three days): nothing to poll.
    async processDue() {
      return 0;
    },
    async refundCardCapture({ transferId, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        { payment_intent: transferId, metadata: { [META.key]: idempotencyKey } },
        { idempotencyKey },
      );
      const transfer = await returnedTransfer(refund.payment_intent, {
        code: CARD_REFUND_RETURN_CODE,
        at: new Date(refund.created * 1000),
      });
      if (!transfer) throw new Error(`The PaymentIntent ${transferId} was not made by Ferry.`);
      return transfer;
    },
    async handleWebhook(headers, rawBody) {
      const signature = header(headers, 'stripe-signature');
      if (!signature) return false;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        return false; // a bad or stale signature, or not an event
      }
      const at = new Date(event.created * 1000);
      let transfer: RailsTransfer | null = null;
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed':
        case 'payment_intent.canceled':
          transfer = toCardTransfer(event.data.object, { at });
          break;
        case 'charge.dispute.created': {
          const dispute = event.data.object;
          transfer = await returnedTransfer(dispute.payment_intent, {
            code: CARD_DISPUTE_RETURN_CODE,
            at: new Date(dispute.created * 1000),
          });
          break;
        }
        case 'charge.refunded': {
          // In full only (the engine reverses whole payments), and not when a dispute took it back already.
          const charge = event.data.object;
          if (charge.refunded && !charge.disputed) {
            transfer = await returnedTransfer(charge.payment_intent, { code: CARD_REFUND_RETURN_CODE, at });
          }
          break;
        }
        default:
          break;
      }
      const settlement = eventOf(transfer);
      if (settlement) await deliver([settlement]);
      return true;
    },
  };
}
