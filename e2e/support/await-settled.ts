import type { Locator, Page } from 'playwright-core';

/**
 * antd animates dialogs, drawers and dropdowns in with motion classes (`ant-zoom-appear`,
 * `...-enter-active`, `...-motion-right-enter`). While one is on, the layer is held at a small
 * scale or still moving: Playwright's "stable" check can pass during the motion's first, still
 * frames, and the button then grows away between mouse-down and mouse-up, so the click is lost.
 * On a busy machine that window is long. Wait for the layer to be visible and its motion done.
 */
const MOTION = '-(appear|enter|leave)(-(prepare|start|active))?$';

export async function awaitSettled(layer: Locator): Promise<Locator> {
  await layer.waitFor();
  const handle = await layer.elementHandle();
  await layer.page().waitForFunction(([el, source]) => {
    const motion = new RegExp(source);
    const moving = (n: Element) => [...n.classList].some((c) => motion.test(c));
    for (let n: Element | null = el; n; n = n.parentElement) if (moving(n)) return false;
    return ![...el.querySelectorAll('*')].some(moving);
  }, [handle!, MOTION] as const);
  await handle!.dispose();
  return layer;
}

/** The dialog (antd Modal) that holds this element, once it has finished opening. */
export function awaitDialogOf(page: Page, inner: Locator): Promise<Locator> {
  return awaitSettled(page.getByRole('dialog').filter({ has: inner }));
}
