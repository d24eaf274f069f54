import {
  getPaymentStatusDisplay,
  RECEIVED_FILTER_STATUSES,
  type ReceivedFilterType,
  type ReceivedPaymentsSummary,
} from '@ferry/domain';
import type { StatusFilterOption } from '@/components/payments/payments-filter-popover';
import type { SummaryCard } from '@/components/summary-cards/summary-cards';

const labelOf = (status: string) => getPaymentStatusDisplay(status, { side: 'receive' }).label;

/**
 * Get Paid > Payments' status filter: the statuses a payee sees, with the receiving side's labels; an
 * option's value is the status query it sends ('Processing' covers hold and bank verification too).
 */
export const RECEIVED_STATUS_FILTER_OPTIONS: readonly StatusFilterOption[] = [
  { value: 'DELIVERED', label: labelOf('DELIVERED') },
  { value: RECEIVED_FILTER_STATUSES.PROCESSING.join(','), label: labelOf('PROCESSING') },
  { value: 'SCHEDULED', label: labelOf('SCHEDULED') },
  { value: 'FAILED', label: labelOf('FAILED') },
  { value: 'REVERSED', label: labelOf('REVERSED') },
  { value: 'DECLINED', label: labelOf('DECLINED') },
  { value: 'CANCELLED', label: labelOf('CANCELLED') },
];

/** Get Paid > Payments' summary cards; a card filters the list by `filterType`. */
export const RECEIVED_SUMMARY_CARDS: readonly SummaryCard<ReceivedFilterType, ReceivedPaymentsSummary>[] = [
  { key: 'PROCESSING', label: 'Processing', colour: 'yellow.9', pick: (s) => s.processing },
  { key: 'RECEIVED', label: 'Received this month', colour: 'teal.8', pick: (s) => s.receivedThisMonth },
  {
    key: 'ATTENTION_REQUIRED',
    label: 'Attention required',
    colour: 'red.7',
    pick: (s) => s.attentionRequired,
  },
];
