import { formatMoney, type PaymentRequestsReviewSummary, toCents } from '@ferry/domain';
import { SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { SummaryFilter } from '../api/payment-requests-api';

const CARDS: {
  key: SummaryFilter;
  label: string;
  pick: (s: PaymentRequestsReviewSummary) => { amount: number; total: number };
}[] = [
  { key: 'TOTAL_OUTSTANDING', label: 'Total outstanding', pick: (s) => s.totalOutstanding },
  { key: 'DUE_IN_7_DAYS', label: 'Due in 7 days', pick: (s) => s.dueInNext7Days },
  { key: 'OVERDUE', label: 'Overdue', pick: (s) => s.overdue },
];

const requestCount = (n: number) => `${n} ${n === 1 ? 'request' : 'requests'}`;

export type ReviewSummaryCardsProps = {
  summary: PaymentRequestsReviewSummary | undefined;
  selected: SummaryFilter | null;
  onSelect: (filter: SummaryFilter | null) => void;
};

/**
 * The For Review summary cards (spec 002 §2 'Summary cards'), the Bills tab's pattern over open payment
 * requests; a card filters the list, a second click clears it.
 */
export const ReviewSummaryCards = ({ summary, selected, onSelect }: ReviewSummaryCardsProps) => (
  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
    {CARDS.map((card) => {
      const bucket = summary ? card.pick(summary) : null;
      const isSelected = selected === card.key;
      return (
        <UnstyledButton
          key={card.key}
          aria-pressed={isSelected}
          aria-label={
            bucket
              ? `${card.label}: ${formatMoney(toCents(bucket.amount))}, ${requestCount(bucket.total)}`
              : card.label
          }
          onClick={() => onSelect(isSelected ? null : card.key)}
          p="md"
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            border: `1px solid ${isSelected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
            background: isSelected ? 'var(--mantine-primary-color-0)' : undefined,
          }}
        >
          <Stack gap={4}>
            <Text size="sm" c={card.key === 'OVERDUE' ? 'red.7' : 'dimmed'} fw={500}>
              {card.label}
            </Text>
            {bucket ? (
              <>
                <Text fz={24} fw={700}>
                  {formatMoney(toCents(bucket.amount))}
                </Text>
                <Text size="xs" c="dimmed">
                  {requestCount(bucket.total)}
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
