import { formatMoney, toCents } from '@ferry/domain';
import { SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { ErrorState } from '@/components/error-state';

/** What a card shows: an amount in dollars and how many records make it. */
export type SummaryBucket = { amount: number; total: number };

export type SummaryCard<K extends string, S> = {
  /** The filter the card applies. */
  key: K;
  label: string;
  /** The label's colour; dimmed unless given. */
  colour?: string;
  pick: (summary: S) => SummaryBucket;
};

export type SummaryCardsProps<K extends string, S> = {
  cards: readonly SummaryCard<K, S>[];
  /** The summary's query: its data fills the cards (skeletons until then); a failure shows Retry. */
  query: { data: S | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  selected: K | null;
  onSelect: (filter: K | null) => void;
  /** The count under the amount, e.g. '3 bills'. */
  formatCount: (total: number) => string;
  /** A second click on the selected card clears it (filters); false when a card is a view of its own. */
  clearable?: boolean;
  /** Columns from the small breakpoint up (3 by default). */
  columns?: number;
};

const money = (amount: number) => formatMoney(toCents(amount));

/** A list's summary cards (spec 002 §2 'Summary cards'): a card filters the list, a second click clears it. */
export const SummaryCards = <K extends string, S>({
  cards,
  query,
  selected,
  onSelect,
  formatCount,
  clearable = true,
  columns = 3,
}: SummaryCardsProps<K, S>) => {
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const summary = query.data;
  return (
    <SimpleGrid cols={columns > 3 ? { base: 1, xs: 2, md: columns } : { base: 1, sm: columns }} spacing="md">
      {cards.map((card) => {
        const bucket = summary ? card.pick(summary) : null;
        const isSelected = selected === card.key;
        return (
          <UnstyledButton
            key={card.key}
            aria-pressed={isSelected}
            aria-label={
              bucket ? `${card.label}: ${money(bucket.amount)}, ${formatCount(bucket.total)}` : card.label
            }
            onClick={() => onSelect(isSelected && clearable ? null : card.key)}
            p="md"
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              border: `1px solid ${isSelected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
              background: isSelected ? 'var(--mantine-primary-color-0)' : undefined,
            }}
          >
            <Stack gap={4}>
              <Text size="sm" c={card.colour ?? 'dimmed'} fw={500}>
                {card.label}
              </Text>
              {bucket ? (
                <>
                  <Text fz={24} fw={700}>
                    {money(bucket.amount)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatCount(bucket.total)}
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

/** '1 bill', '3 bills'. */
export const countOf =
  (one: string, many: string) =>
  (total: number): string =>
    `${total} ${total === 1 ? one : many}`;
