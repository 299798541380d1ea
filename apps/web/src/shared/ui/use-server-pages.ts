import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';

/** The page sizes a list paged on the server offers; the server caps a page at 100 rows. */
const PAGE_SIZES = [20, 50, 100];

/**
 * The page and page size of a table paged on the server, and the table's pagination built from
 * them. A new page size starts again from the first page, since the old page number would point
 * at other rows.
 */
export function useServerPages() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  return {
    page,
    pageSize,
    setPage,
    /** After the last row of a later page was removed, shows the page before rather than an empty one. */
    afterRemove: (rowsOnPage: number) => {
      if (page > 1 && rowsOnPage === 1) setPage(page - 1);
    },
    pagination: (total: number, showTotal?: (total: number) => string): TablePaginationConfig => ({
      current: page,
      pageSize,
      total,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES,
      showTotal,
      onChange: (p, size) => {
        setPage(size === pageSize ? p : 1);
        setPageSize(size);
      },
    }),
  };
}
