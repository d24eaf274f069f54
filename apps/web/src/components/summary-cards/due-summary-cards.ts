import type { SUMMARY_FILTERS } from '@ferry/domain';
import type { SummaryBucket, SummaryCard } from './summary-cards';

/** The cards of the Bills and For Review tabs, which filter by `billSummaryType`. */
export type DueSummaryFilter = (typeof SUMMARY_FILTERS)[number];

/** The part of the due-bills and review summaries the cards read. */
export type DueSummary = {
  totalOutstanding: SummaryBucket;
  dueInNext7Days: SummaryBucket;
  overdue: SummaryBucket;
};

export const DUE_SUMMARY_CARDS: readonly SummaryCard<DueSummaryFilter, DueSummary>[] = [
  { key: 'TOTAL_OUTSTANDING', label: 'Total outstanding', pick: (s) => s.totalOutstanding },
  { key: 'DUE_IN_7_DAYS', label: 'Due in 7 days', pick: (s) => s.dueInNext7Days },
  { key: 'OVERDUE', label: 'Overdue', colour: 'red.7', pick: (s) => s.overdue },
];
