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
export { type PaginationState, usePaginationState } from './use-pagination-state';
