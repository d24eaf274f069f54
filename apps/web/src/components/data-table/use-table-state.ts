import { useState } from 'react';
import { nextSort, type SortState } from './sort-header';
import { type PaginationState, usePaginationState } from './use-pagination-state';

export type TableState<K extends string, F extends Record<string, unknown>> = {
  pagination: PaginationState;
  sort: SortState<K>;
  /** Sorts by a column (see `nextSort`) and goes back to the first page. */
  onSort: (key: K) => void;
  filters: F;
  /** Changes one filter and goes back to the first page. */
  setFilter: <N extends keyof F>(name: N, value: F[N]) => void;
  /** Puts every filter back as it started and goes back to the first page. */
  clearFilters: () => void;
  /** The paging and sorting parameters of the list call. */
  params: { pageNumber: number; pageSize: number; sortBy: K; sortOrder: SortState<K>['order'] };
};

/**
 * The state of a list paged, sorted and filtered on the server: a change of sort or filter goes back to
 * the first page.
 */
export const useTableState = <K extends string, F extends Record<string, unknown>>(options: {
  defaultSort: SortState<K>;
  filters: F;
}): TableState<K, F> => {
  const pagination = usePaginationState();
  const [sort, setSort] = useState(options.defaultSort);
  const [initialFilters] = useState(options.filters);
  const [filters, setFilters] = useState(options.filters);
  return {
    pagination,
    sort,
    onSort: (key) => {
      setSort((current) => nextSort(current, key));
      pagination.reset();
    },
    filters,
    setFilter: (name, value) => {
      setFilters((current) => ({ ...current, [name]: value }));
      pagination.reset();
    },
    clearFilters: () => {
      setFilters(initialFilters);
      pagination.reset();
    },
    params: {
      pageNumber: pagination.page,
      pageSize: pagination.pageSize,
      sortBy: sort.by,
      sortOrder: sort.order,
    },
  };
};
