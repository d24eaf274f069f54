import type { PaymentFilterType, PaymentsSummary } from '@ferry/domain';
import { SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatAmount } from '../utils/payment-display';

const CARDS: {
  key: PaymentFilterType;
  label: string;
  colour: string;
  pick: (s: PaymentsSummary) => { amount: number; total: number };
}[] = [
  {
    key: 'ATTENTION_REQUIRED',
    label: 'Attention required',
    colour: 'red.7',
    pick: (s) => s.attentionRequired,
  },
  { key: 'PROCESSING', label: 'Processing', colour: 'yellow.9', pick: (s) => s.processing },
  { key: 'SCHEDULED', label: 'Scheduled', colour: 'dimmed', pick: (s) => s.scheduled },
];

const paymentCount = (n: number) => `${n} ${n === 1 ? 'payment' : 'payments'}`;

export type PaymentsSummaryCardsProps = {
  summary: PaymentsSummary | undefined;
  selected: PaymentFilterType | null;
  onSelect: (filter: PaymentFilterType | null) => void;
};

/** The Payments tab's summary cards; a card filters the list (`filterType`), a second click clears it. */
export const PaymentsSummaryCards = ({ summary, selected, onSelect }: PaymentsSummaryCardsProps) => (
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
              ? `${card.label}: ${formatAmount(bucket.amount)}, ${paymentCount(bucket.total)}`
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
            <Text size="sm" c={card.colour} fw={500}>
              {card.label}
            </Text>
            {bucket ? (
              <>
                <Text fz={24} fw={700}>
                  {formatAmount(bucket.amount)}
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
