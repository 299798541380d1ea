/**
 * Puts a sheet into a shadow root: a constructed sheet where the browser has them (no inline style
 * for a CSP to refuse), else a <style> kept in `fallback`, reused when the sheet changes and
 * removed by the caller on unmount.
 */
export function applyCss(root: ShadowRoot, css: string, fallback: { el: HTMLStyleElement | null }) {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function') {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      root.adoptedStyleSheets = [sheet];
      return;
    } catch {
      // An engine without constructable sheets: the <style> element below.
    }
  }
  fallback.el ??= document.createElement('style');
  fallback.el.textContent = css;
  if (fallback.el.parentNode !== root) root.prepend(fallback.el);
}

/** The focus trap of a dialog over the page: Tab from the last of `items` goes to the first, Shift+Tab back. */
export function cycleTab(e: KeyboardEvent, items: HTMLElement[], root: ShadowRoot) {
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = root.activeElement;
  if (e.shiftKey && (active === first || !active)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !active)) {
    e.preventDefault();
    first.focus();
  }
}
