import { useState, type Dispatch, type SetStateAction } from 'react';

export interface ListPaging {
  page: number;
  setPage: Dispatch<SetStateAction<number>>;
  pageSize: number;
  /** A new page size starts again from the first page. */
  setPageSize: (size: number) => void;
}

/** The page and page size of a settings list (001 §9), both starting over on the first page. */
export function useListPaging(defaultPageSize: number): ListPaging {
  const [page, setPage] = useState(1);
  const [pageSize, setSize] = useState(defaultPageSize);
  return {
    page,
    setPage,
    pageSize,
    setPageSize: (size) => {
      setSize(size);
      setPage(1);
    },
  };
}
