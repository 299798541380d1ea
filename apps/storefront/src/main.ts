/**
 * The storefront script. A shop embeds it with
 * `<script src=".../storecast.js" data-key="pk_…" async></script>`; it counts the page view,
 * shows the store's pop-ups by their conditions and the lucky draws the page names, and sends shopper events. It defines one global,
 * `storecast`, and never lets an error reach the shop's page.
 */
import { pickShopperLanguage } from '@storecast/popup-view';
import { createEventBatch } from './event-batch.ts';
import { createPublicApi } from './public-api.ts';
import { createShopperApi, type QueuedCall } from './shopper-api.ts';
import { armPopups } from './arm-popups.ts';
import { showDraws } from './show-draws.ts';
import { openVisitorMemory } from './visitor-memory.ts';

declare global {
  interface Window {
    storecast?: unknown;
  }
}

function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.key) return current;
  return document.querySelector<HTMLScriptElement>('script[data-key][src*="storecast.js"]');
}

function start() {
  const script = ownScript();
  const key = script?.dataset.key ?? '';
  if (!script || !key) return;
  const base = new URL(script.src, location.href).origin;
  const memory = openVisitorMemory();
  const language = pickShopperLanguage(document.documentElement.lang || navigator.language);
  const api = createPublicApi(base, key, memory.visitorId, language);
  const batch = createEventBatch((events) => api.sendEvents(events));
  addEventListener('pagehide', () => batch.flush());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') batch.flush();
  });

  const queued: QueuedCall[] = Array.isArray(window.storecast) ? (window.storecast as QueuedCall[]) : [];
  const shopper = createShopperApi(api, batch);
  window.storecast = shopper;
  shopper.track('viewed_page');
  for (const call of queued) shopper.push(call);
  // Lucky draws the page names (an element, or a link's parameter) need no pop-up config.
  showDraws({ api, language });

  // The tag tells how far the script got (`data-storecast`): an owner who pasted a wrong key, and
  // the browser tests, can see it without a console.
  void api.config().then((answer) => {
    if (answer.code !== 100 || !answer.data) {
      console.warn(`storecast: ${answer.msg}`);
      script.dataset.storecast = 'error';
      return;
    }
    armPopups(answer.data, { api, batch, memory, language });
    script.dataset.storecast = 'ready';
  }).catch(() => {
    script.dataset.storecast = 'error';
  });
}

try {
  start();
} catch {
  // The shop's page must never break because of this script.
}
