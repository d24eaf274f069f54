/** Pager rules (spec 000 §9) come from the domain; the page count is display arithmetic. */
export {
  DEFAULT_PAGE_SIZE,
  getPageRangeText as formatRangeText,
  isPagerVisible as shouldShowPager,
  PAGE_SIZE_OPTIONS,
} from '@ferry/domain';

export const DEFAULT_PAGE = 1;

export const getPageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
