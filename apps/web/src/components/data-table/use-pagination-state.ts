import { useCallback, useState } from 'react';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from './pagination';

export type PaginationState = {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** Changing the size goes back to the first page. */
  setPageSize: (pageSize: number) => void;
  reset: () => void;
};

export const usePaginationState = (initialPageSize: number = DEFAULT_PAGE_SIZE): PaginationState => {
  const [page, setPage] = useState(DEFAULT_PAGE);
  const [pageSize, setPageSizeState] = useState(initialPageSize);
  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setPage(DEFAULT_PAGE);
  }, []);
  const reset = useCallback(() => setPage(DEFAULT_PAGE), []);
  return { page, pageSize, setPage, setPageSize, reset };
};
