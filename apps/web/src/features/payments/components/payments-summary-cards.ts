import type { PaymentFilterType, PaymentsSummary } from '@ferry/domain';
import type { SummaryCard } from '@/components/summary-cards/summary-cards';

/** The Payments tab's summary cards; a card filters the list by `filterType`. */
export const PAYMENTS_SUMMARY_CARDS: readonly SummaryCard<PaymentFilterType, PaymentsSummary>[] = [
  {
    key: 'ATTENTION_REQUIRED',
    label: 'Attention required',
    colour: 'red.7',
    pick: (s) => s.attentionRequired,
  },
  { key: 'PROCESSING', label: 'Processing', colour: 'yellow.9', pick: (s) => s.processing },
  { key: 'SCHEDULED', label: 'Scheduled', colour: 'dimmed', pick: (s) => s.scheduled },
];
