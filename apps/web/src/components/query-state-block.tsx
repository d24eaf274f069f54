import { Button, Center, Group, Loader, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';

/** The parts of a TanStack query that decide which block is shown. */
export type QueryStateLike = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

export type QueryStateBlockProps = {
  query: QueryStateLike;
  /** The accessible name of the loading status, e.g. 'Loading documents'. */
  loadingLabel: string;
  loadingPy?: MantineSpacing;
  isEmpty: boolean;
  /** Shown when the query answered with nothing. */
  empty: ReactNode;
  /** Show the error only while there is no data yet (an infinite list shows its page error itself). */
  errorOnlyWhenEmpty?: boolean;
  /** The list, shown once there is data. */
  children: ReactNode;
};

/** The loading, error, empty and loaded states of a list read with a query, in that order. */
export const QueryStateBlock = ({
  query,
  loadingLabel,
  loadingPy = 'md',
  isEmpty,
  empty,
  errorOnlyWhenEmpty = false,
  children,
}: QueryStateBlockProps) => {
  if (query.isPending) {
    return (
      <Center py={loadingPy} role="status" aria-label={loadingLabel}>
        <Loader size="sm" type="dots" aria-hidden />
      </Center>
    );
  }
  if (query.isError && (!errorOnlyWhenEmpty || isEmpty)) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  return isEmpty ? empty : children;
};

export type LoadMoreButtonProps = {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
};

/** 'Load more', centred under an infinite list while there are further pages. */
export const LoadMoreButton = ({ query }: LoadMoreButtonProps) =>
  query.hasNextPage ? (
    <Group justify="center">
      <Button
        variant="subtle"
        size="xs"
        onClick={() => void query.fetchNextPage()}
        loading={query.isFetchingNextPage}
      >
        Load more
      </Button>
    </Group>
  ) : null;
