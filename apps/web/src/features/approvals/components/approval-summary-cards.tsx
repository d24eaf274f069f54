import type { ApprovalOverview } from '@ferry/domain';
import { SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { ErrorState } from '@/components/error-state';
import type { ApprovalView } from '../api/approvals-api';
import { formatDollars } from '../utils/approval-display';

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

export type ApprovalSummaryCardsProps = {
  query: { data: ApprovalOverview | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  view: ApprovalView;
  onSelect: (view: ApprovalView) => void;
};

/**
 * The Approvals tab's counts (`summary/overview`): awaiting your approval, awaiting others, approved and
 * rejected, each with its amount and number of payments. A card opens its view.
 */
export const ApprovalSummaryCards = ({ query, view, onSelect }: ApprovalSummaryCardsProps) => {
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const overview = query.data;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {APPROVAL_VIEW_CARDS.map((card) => {
        const bucket = overview ? card.pick(overview) : null;
        const isSelected = view === card.view;
        return (
          <UnstyledButton
            key={card.view}
            aria-pressed={isSelected}
            aria-label={
              bucket
                ? `${card.label}: ${formatDollars(bucket.amount)}, ${paymentCount(bucket.total)}`
                : card.label
            }
            onClick={() => onSelect(card.view)}
            p="md"
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              border: `1px solid ${isSelected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
              background: isSelected ? 'var(--mantine-primary-color-0)' : undefined,
            }}
          >
            <Stack gap={4}>
              <Text size="sm" c={card.colour} fw={500}>
                {card.label}
              </Text>
              {bucket ? (
                <>
                  <Text fz={24} fw={700}>
                    {formatDollars(bucket.amount)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {paymentCount(bucket.total)}
                  </Text>
                </>
              ) : (
                <Skeleton height={28} width="60%" />
              )}
            </Stack>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
};
