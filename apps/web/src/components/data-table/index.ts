export { DataTable, type DataTableColumn, type DataTablePagination, type DataTableProps } from './data-table';
export { DataTablePager, type DataTablePagerProps } from './data-table-pager';
export {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  formatRangeText,
  getPageCount,
  PAGE_SIZE_OPTIONS,
  shouldShowPager,
} from './pagination';
export { QueryDataTable, type QueryDataTableProps } from './query-data-table';
export { nextSort, SortHeader, type SortHeaderProps, type SortOrder, type SortState } from './sort-header';
export { type PaginationState, usePaginationState } from './use-pagination-state';
export { type TableState, useTableState } from './use-table-state';
