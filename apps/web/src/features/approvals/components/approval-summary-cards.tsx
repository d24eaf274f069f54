import type { ApprovalOverview } from '@ferry/domain';
import { SummaryCards } from '@/components/summary-cards/summary-cards';
import type { ApprovalView } from '../api/approvals-api';

/** The four views with their labels and their overview bucket. */
export const APPROVAL_VIEW_CARDS: readonly {
  view: ApprovalView;
  label: string;
  colour: string;
  pick: (overview: ApprovalOverview) => ApprovalOverview['approved'];
}[] = [
  {
    view: 'awaiting-you',
    label: 'Awaiting your approval',
    colour: 'yellow.9',
    pick: (o) => o.awaitingYourApproval,
  },
  { view: 'awaiting-others', label: 'Awaiting others', colour: 'dimmed', pick: (o) => o.awaitingOthers },
  { view: 'approved', label: 'Approved', colour: 'teal.8', pick: (o) => o.approved },
  { view: 'rejected', label: 'Rejected', colour: 'red.8', pick: (o) => o.rejected },
];

const paymentCount = (total: number) => `${total} ${total === 1 ? 'payment' : 'payments'}`;

const CARDS = APPROVAL_VIEW_CARDS.map((card) => ({ ...card, key: card.view }));

export type ApprovalSummaryCardsProps = {
  query: { data: ApprovalOverview | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  view: ApprovalView;
  onSelect: (view: ApprovalView) => void;
};

/**
 * The Approvals tab's counts (`summary/overview`): awaiting your approval, awaiting others, approved and
 * rejected, each with its amount and number of payments. A card opens its view (one is always open).
 */
export const ApprovalSummaryCards = ({ query, view, onSelect }: ApprovalSummaryCardsProps) => (
  <SummaryCards
    cards={CARDS}
    query={query}
    selected={view}
    onSelect={(selected) => selected && onSelect(selected)}
    formatCount={paymentCount}
    clearable={false}
    columns={4}
  />
);
