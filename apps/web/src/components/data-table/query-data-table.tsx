import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryStateBlock, type QueryStateLike } from '@/components/query-state-block';
import { DataTable, type DataTableColumn } from './data-table';
import type { PaginationState } from './use-pagination-state';

export type QueryDataTableProps<T> = {
  /** The list's query: a page of rows and the total the server counted (kept while the next page loads). */
  query: QueryStateLike & {
    data: { items: readonly T[]; total: number } | undefined;
    isPlaceholderData: boolean;
    isFetching: boolean;
  };
  /** The accessible name of the first load, e.g. 'Loading payments'. */
  loadingLabel: string;
  /** Shown in a bordered card when the list has no rows. */
  empty: ReactNode;
  caption: string;
  columns: readonly DataTableColumn<T>[];
  getRowKey: (row: T) => string;
  pagination: PaginationState;
  /** Rows that open something on click or Enter (see DataTable). */
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
};

/**
 * A list paged on the server, in its states: loading, error with Retry, empty, and the table with its
 * pager (the rows of the page before stay, marked busy, while the next page loads).
 */
export const QueryDataTable = <T,>({
  query,
  loadingLabel,
  empty,
  caption,
  columns,
  getRowKey,
  pagination,
  onRowClick,
  rowLabel,
}: QueryDataTableProps<T>) => {
  const page = query.data;
  return (
    <QueryStateBlock
      query={query}
      loadingLabel={loadingLabel}
      isEmpty={page !== undefined && page.total === 0}
      empty={
        <Paper withBorder radius="md" p="xl">
          {empty}
        </Paper>
      }
    >
      <DataTable
        caption={caption}
        columns={columns}
        data={page?.items}
        getRowKey={getRowKey}
        {...(onRowClick ? { onRowClick } : {})}
        {...(rowLabel ? { rowLabel } : {})}
        isLoading={query.isPlaceholderData && query.isFetching}
        pagination={{
          page: pagination.page,
          pageSize: pagination.pageSize,
          total: page?.total ?? 0,
          onPageChange: pagination.setPage,
          onPageSizeChange: pagination.setPageSize,
        }}
      />
    </QueryStateBlock>
  );
};
