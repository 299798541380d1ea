/**
 * Paging state for a cursor-paged list. The server only knows "the page after this cursor", so
 * going back means remembering the cursors of the pages already seen: `stack[i]` is the cursor
 * that opened page i (page 0 has none).
 */
export interface PagerState {
  stack: (string | undefined)[];
  pageSize: number;
}

export const PAGE_SIZES = [20, 50, 100, 200] as const;

export function initialPager(pageSize = 50): PagerState {
  return { stack: [undefined], pageSize };
}

/** The cursor to request the current page with. */
export function currentCursor(s: PagerState): string | undefined {
  return s.stack[s.stack.length - 1];
}

/** 1-based number of the current page. */
export function pageNumber(s: PagerState): number {
  return s.stack.length;
}

export function canGoBack(s: PagerState): boolean {
  return s.stack.length > 1;
}

/** Moves to the page after the current one; a null cursor (no next page) changes nothing. */
export function nextPage(s: PagerState, nextCursor: string | null | undefined): PagerState {
  if (!nextCursor) return s;
  return { ...s, stack: [...s.stack, nextCursor] };
}

export function previousPage(s: PagerState): PagerState {
  if (!canGoBack(s)) return s;
  return { ...s, stack: s.stack.slice(0, -1) };
}

/** A new filter or page size makes the remembered cursors meaningless: back to page one. */
export function resetPager(s: PagerState, pageSize = s.pageSize): PagerState {
  return initialPager(pageSize);
}
