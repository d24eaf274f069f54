import { isRailsCard, type RailsProvider, type RailsTransfer } from './rails.js';
import { isStripeWebhook } from './stripe-cards.js';

/**
 * The rails Ferry runs on when cards have their own processor (CARD_PROCESSOR=stripe): bank transfers
 * (micro-deposits, PAYMENT_DEBIT, PAYMENT_CREDIT) go to the ACH rails (sandbox or Modern Treasury),
 * card captures (CARD_CAPTURE) to the card processor. It is the ACH rails in every other respect — the
 * same name and, for the sandbox, its clock, statement and alerts — so `isSandboxRails` and the sandbox
 * routes keep working. Settlement handlers are registered on both; a webhook signed by Stripe goes to
 * the card processor, any other to the ACH rails; a lookup asks the ACH rails first, then the cards.
 */
export function createCompositeRails<Ach extends RailsProvider>(rails: {
  ach: Ach;
  cards: RailsProvider;
}): Ach {
  const { ach, cards } = rails;
  const isCardCapture = (input: Parameters<RailsProvider['createTransfer']>[0]) =>
    input.kind === 'CARD_CAPTURE' || isRailsCard(input.account);
  return {
    ...ach,
    createTransfer: (input) => (isCardCapture(input) ? cards : ach).createTransfer(input),
    async listTransfers(filter) {
      if (filter.kind === 'CARD_CAPTURE') return cards.listTransfers(filter);
      const bank = await ach.listTransfers(filter);
      if (filter.kind) return bank;
      return [...bank, ...(await cards.listTransfers(filter))].sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
      );
    },
    async findTransfer(idempotencyKey): Promise<RailsTransfer | null> {
      return (await ach.findTransfer(idempotencyKey)) ?? (await cards.findTransfer(idempotencyKey));
    },
    onSettlement(handler) {
      ach.onSettlement(handler);
      cards.onSettlement(handler);
    },
    onSettlementBatch(handler) {
      ach.onSettlementBatch(handler);
      cards.onSettlementBatch(handler);
    },
    async processDue() {
      return (await ach.processDue()) + (await cards.processDue());
    },
    refundCardCapture: (input) => cards.refundCardCapture(input),
    handleWebhook: (headers, rawBody) =>
      (isStripeWebhook(headers) ? cards : ach).handleWebhook(headers, rawBody),
  };
}
