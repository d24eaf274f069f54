import ModernTreasury from 'modern-treasury';
import type { Clock } from '../../platform/clock.js';
import {
  type CreateTransferInput,
  deliverSettlementEvents,
  isRailsCard,
  type RailsProvider,
  type RailsTransfer,
  type SettlementBatchHandler,
  type SettlementEvent,
  type SettlementHandler,
  type TransferDirection,
  type TransferKind,
  type TransferStatus,
} from './rails.js';

/**
 * Payment rails on Modern Treasury (official SDK `modern-treasury`): each transfer is an ACH payment
 * order from Ferry's internal account (`internalAccountId`) to or from the account given, created under
 * Ferry's idempotency key (so a retried send answers the same order) with Ferry's key, kind, reference
 * and account mask in its metadata. Settlements come back as payment-order webhooks (`completed`,
 * `failed`, `returned`…), verified with the webhook key; without a webhook key, `processDue` polls the
 * settled orders of the last days instead. Handlers are idempotent, so an event heard twice is harmless.
 *
 * Card captures are not bank transfers: this adapter refuses them (CARD_CAPTURE needs a card processor
 * behind the same interface).
 */

type PaymentOrder = ModernTreasury.PaymentOrder;

export interface ModernTreasuryRailsOptions {
  apiKey: string;
  organizationId: string;
  /** Ferry's account at Modern Treasury that debits land in and credits leave from. */
  internalAccountId: string;
  /** Verifies webhooks (X-Signature); unset: no webhooks, settlements are polled. */
  webhookKey?: string | null;
  /** Another API origin (tests replay recorded answers from a local server). */
  baseURL?: string;
  clock: Clock;
  /** Days of settled orders a poll reads again (default 5). */
  pollDays?: number;
}

/** Metadata keys Ferry writes on its payment orders. */
const META = {
  key: 'ferry_key',
  kind: 'ferry_kind',
  reference: 'ferry_reference',
  mask: 'ferry_account_mask',
} as const;

/** The order statuses that settle a transfer, by the transfer status they mean (any other: PENDING). */
const SETTLED_STATUSES: Record<Exclude<TransferStatus, 'PENDING'>, PaymentOrder['status'][]> = {
  POSTED: ['completed'],
  FAILED: ['failed', 'cancelled', 'denied', 'stopped'],
  RETURNED: ['returned', 'reversed'],
};

/** Modern Treasury's order statuses as Ferry's transfer statuses. */
export function transferStatusOf(status: PaymentOrder['status']): TransferStatus {
  const settled = (Object.keys(SETTLED_STATUSES) as (keyof typeof SETTLED_STATUSES)[]).find((key) =>
    SETTLED_STATUSES[key].includes(status),
  );
  return settled ?? 'PENDING';
}

/** A payment order as Ferry's transfer (null for an order Ferry did not make). */
export function toRailsTransfer(order: PaymentOrder): RailsTransfer | null {
  const metadata = order.metadata ?? {};
  const key = metadata[META.key];
  if (!key) return null;
  const status = transferStatusOf(order.status);
  const settledAt = new Date(order.updated_at);
  return {
    id: order.id,
    kind: (metadata[META.kind] ?? 'PAYMENT_DEBIT') as TransferKind,
    amountCents: order.amount,
    direction: (order.direction === 'debit' ? 'DEBIT' : 'CREDIT') as TransferDirection,
    reference: metadata[META.reference] ?? '',
    accountMask: metadata[META.mask] ?? '',
    idempotencyKey: key,
    settleOn: order.effective_date,
    status,
    postedAt: status === 'PENDING' ? null : settledAt,
    returnCode: status === 'FAILED' || status === 'RETURNED' ? (order.current_return?.code ?? 'R08') : null,
    returnedAt: status === 'RETURNED' ? settledAt : null,
    description: order.description ?? '',
    createdAt: new Date(order.created_at),
  };
}

/** The settlement event a transfer's status tells, if any. */
function eventOf(transfer: RailsTransfer): SettlementEvent | null {
  if (transfer.status === 'PENDING') return null;
  return { transfer, outcome: transfer.status };
}

export function createModernTreasuryRails(options: ModernTreasuryRailsOptions): RailsProvider {
  const client = new ModernTreasury({
    apiKey: options.apiKey,
    organizationID: options.organizationId,
    webhookKey: options.webhookKey ?? null,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    maxRetries: 2,
  });
  const handlers: SettlementHandler[] = [];
  const batchHandlers: SettlementBatchHandler[] = [];

  const listOrders = async (query: ModernTreasury.PaymentOrderListParams): Promise<RailsTransfer[]> => {
    const transfers: RailsTransfer[] = [];
    for await (const order of client.paymentOrders.list(query)) {
      const transfer = toRailsTransfer(order);
      if (transfer) transfers.push(transfer);
    }
    return transfers;
  };

  /** Events this process already handed over (by order and outcome), so a poll hands over only new ones. */
  const delivered = new Map<string, number>();
  const eventKey = (event: SettlementEvent) => `${event.transfer.id}:${event.outcome}`;
  const deliver = async (events: SettlementEvent[]) => {
    const { accepted, error } = await deliverSettlementEvents(events, {
      single: handlers,
      batch: batchHandlers,
    });
    const now = options.clock.now().getTime();
    for (const event of accepted) delivered.set(eventKey(event), now);
    if (error) throw error;
  };

  return {
    name: 'modern-treasury',
    async now() {
      return options.clock.now();
    },
    async createTransfer(input: CreateTransferInput) {
      if (isRailsCard(input.account)) {
        throw new Error(
          'Card captures need a card processor: the Modern Treasury rails move bank transfers only.',
        );
      }
      const { account } = input;
      const order = await client.paymentOrders.create(
        {
          type: 'ach',
          amount: input.amountCents,
          direction: input.direction === 'DEBIT' ? 'debit' : 'credit',
          originating_account_id: options.internalAccountId,
          effective_date: input.settleOn,
          description: input.description,
          statement_descriptor: input.description.slice(0, 10),
          receiving_account: {
            party_name: account.holderName,
            account_details: [{ account_number: account.accountNumber }],
            routing_details: [{ routing_number: account.routingNumber, routing_number_type: 'aba' }],
          },
          metadata: {
            [META.key]: input.idempotencyKey,
            [META.kind]: input.kind,
            [META.reference]: account.reference,
            [META.mask]: account.accountNumber.slice(-4),
          },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const transfer = toRailsTransfer(order);
      if (!transfer) throw new Error('Modern Treasury answered a payment order without Ferry metadata');
      return transfer;
    },
    async listTransfers(filter) {
      const metadata: Record<string, string> = {};
      if (filter.reference) metadata[META.reference] = filter.reference;
      if (filter.kind) metadata[META.kind] = filter.kind;
      const transfers = await listOrders(Object.keys(metadata).length > 0 ? { metadata } : {});
      return filter.status ? transfers.filter((t) => t.status === filter.status) : transfers;
    },
    async findTransfer(idempotencyKey) {
      const [transfer] = await listOrders({ metadata: { [META.key]: idempotencyKey } });
      return transfer ?? null;
    },
    onSettlement(handler) {
      handlers.push(handler);
    },
    onSettlementBatch(handler) {
      batchHandlers.push(handler);
    },
    /**
     * With webhooks, Modern Treasury tells Ferry itself: nothing to do. Without, the orders settled in
     * the last days are read again and the events this process has not handed over yet are delivered
     * (after a restart they go out again: handlers ignore what they already saw). Answers how many.
     */
    async processDue() {
      if (options.webhookKey) return 0;
      const since = new Date(options.clock.now().getTime() - (options.pollDays ?? 5) * 86_400_000);
      for (const [key, at] of delivered) if (at < since.getTime()) delivered.delete(key);
      const events: SettlementEvent[] = [];
      for (const status of Object.values(SETTLED_STATUSES).flat()) {
        const transfers = await listOrders({
          status,
          originating_account_id: options.internalAccountId,
          effective_date_start: since.toISOString().slice(0, 10),
        });
        for (const transfer of transfers) {
          const event = eventOf(transfer);
          if (event && !delivered.has(eventKey(event))) events.push(event);
        }
      }
      await deliver(events);
      return events.length;
    },
    async refundCardCapture() {
      throw new Error('Card captures need a card processor: the Modern Treasury rails refund no cards.');
    },
    async handleWebhook(headers, rawBody) {
      if (!options.webhookKey) return false;
      const flat = Object.fromEntries(
        Object.entries(headers).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, Array.isArray(value) ? value.join(',') : value]],
        ),
      );
      let valid = false;
      try {
        valid = client.webhooks.validateSignature(rawBody, flat);
      } catch {
        valid = false; // no X-Signature header
      }
      if (!valid) return false;
      let body: { data?: PaymentOrder } | null = null;
      try {
        body = JSON.parse(rawBody) as { data?: PaymentOrder };
      } catch {
        return false;
      }
      const topic = flat['x-topic'] ?? '';
      if (topic !== 'payment_order' || !body?.data) return true;
      const transfer = toRailsTransfer(body.data);
      const event = transfer ? eventOf(transfer) : null;
      if (event) await deliver([event]);
      return true;
    },
  };
}
