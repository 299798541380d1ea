import { describe, expect, it } from 'vitest';
import { canGoBack, currentCursor, initialPager, nextPage, pageNumber, previousPage, resetPager } from './cursor-pager.ts';

describe('cursor pager', () => {
  it('starts on page one without a cursor', () => {
    const s = initialPager(20);
    expect(currentCursor(s)).toBeUndefined();
    expect(pageNumber(s)).toBe(1);
    expect(canGoBack(s)).toBe(false);
    expect(s.pageSize).toBe(20);
  });

  it('walks forward with the server cursors and back through the ones it remembers', () => {
    let s = initialPager();
    s = nextPage(s, 'c2');
    s = nextPage(s, 'c3');
    expect(currentCursor(s)).toBe('c3');
    expect(pageNumber(s)).toBe(3);
    s = previousPage(s);
    expect(currentCursor(s)).toBe('c2');
    s = previousPage(s);
    expect(currentCursor(s)).toBeUndefined();
    expect(previousPage(s)).toBe(s);
  });

  it('stays put when there is no next page', () => {
    const s = initialPager();
    expect(nextPage(s, null)).toBe(s);
    expect(nextPage(s, '')).toBe(s);
  });

  it('goes back to page one on a new filter or page size', () => {
    const s = nextPage(nextPage(initialPager(50), 'a'), 'b');
    expect(resetPager(s)).toEqual({ stack: [undefined], pageSize: 50 });
    expect(resetPager(s, 100)).toEqual({ stack: [undefined], pageSize: 100 });
  });
});
