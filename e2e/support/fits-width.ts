import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { snap } from './browser.ts';

/**
 * What reaches past the viewport's right edge: the document scrolling sideways, or an element
 * under `root` drawn past the edge inside a box that clips it, which a reader cannot scroll to
 * either (the document's width alone misses that). Only the outermost such element is named, as
 * `tag[data-testid] "its text"`; what sits in a box that scrolls sideways on purpose is left out.
 * `root` is the screen's own part: the shell's pieces (a tab bar that hides the tabs it has no
 * room for behind a menu) clip on purpose and are their own journeys' to check.
 */
export function overflowingParts(page: Page, root: string): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const edge = window.innerWidth + 1;
    const found: string[] = [];
    const docWidth = document.documentElement.scrollWidth;
    if (docWidth > edge) found.push(`the page is ${docWidth} px wide`);
    const past = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.right > edge && getComputedStyle(el).visibility !== 'hidden';
    };
    const scrolls = (el: Element) => /auto|scroll/.test(getComputedStyle(el).overflowX) && el !== document.documentElement && el !== document.body;
    const top = document.querySelector(rootSelector);
    if (!top) return [`nothing matches ${rootSelector}`];
    for (const el of [top, ...top.querySelectorAll('*')]) {
      if (!past(el) || (el.parentElement && el.parentElement !== document.body && past(el.parentElement))) continue;
      let inScroller = false;
      for (let a = el.parentElement; a && !inScroller; a = a.parentElement) inScroller = scrolls(a);
      if (inScroller) continue;
      const id = el.getAttribute('data-testid');
      found.push(`${el.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${(el.textContent ?? '').trim().slice(0, 60)}" to ${Math.round(el.getBoundingClientRect().right)} px`);
    }
    return found;
  }, root);
}

/**
 * The page as it stands, at each width in turn: nothing of `root` (a CSS selector) reaches past
 * the right edge, nor the document, and a screenshot `<name>-<width>` for people to look at. The
 * viewport is set back afterwards.
 */
export async function expectFits(page: Page, o: { shots: string; name: string; root: string; widths?: number[] }) {
  const { shots, name, root, widths = [1366, 390] } = o;
  const before = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    // The layout answers the resize on the next frame, a chart when its resize observer has told it
    // (a frame or two later): what still reaches past the edge once the page has settled is a fault.
    await expect.poll(() => overflowingParts(page, root), { message: `${name} at ${width} px`, timeout: 5_000 }).toEqual([]);
    await snap(page, shots, `${name}-${width}`);
  }
  await page.setViewportSize(before);
}
