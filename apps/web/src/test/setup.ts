import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { createRequire } from 'node:module';
import { afterAll, afterEach } from 'vitest';
import i18n from '../shared/i18n/i18n.ts';
import { resources } from '../locales/index.ts';

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(cleanup);
// Pages are lazy chunks; the first import of one is transformed on demand and can take a while.
configure({ asyncUtilTimeout: 15_000 });

// React and its scheduler are loaded once per worker and outlive each file's DOM. Work a file
// leaves behind (a timer of an antd animation that sets state, a passive effect React queued
// after a commit outside act()) would otherwise run after the DOM is torn down and fail the whole
// run with "window is not defined". So, while the DOM still exists: unmount what is left, stop
// happy-dom's timers, frames and requests so nothing new can start, then wait for the scheduler.
// A task queued at idle priority runs after every task queued before it, including those the
// earlier ones queue while they run, so its turn means the queue is empty. (A few files run in
// plain Node, without a window.)
type Scheduler = { unstable_scheduleCallback(priority: number, task: () => null): unknown; unstable_IdlePriority: number };
const scheduler = createRequire(import.meta.url)('scheduler') as Scheduler;
const drainScheduler = () =>
  new Promise<void>((drained) =>
    scheduler.unstable_scheduleCallback(scheduler.unstable_IdlePriority, () => {
      drained();
      return null;
    }),
  );
type HappyWindow = { happyDOM?: { abort(): Promise<void> } };
afterAll(async () => {
  cleanup();
  await drainScheduler();
  if (typeof window !== 'undefined') await (window as unknown as HappyWindow).happyDOM?.abort();
  await drainScheduler();
});

// antd's responsive helpers (Grid, Layout.Sider, Menu overflow) call matchMedia, which happy-dom
// implements only partly; this stub never matches, so tests render the narrow (mobile) layout.
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// The app loads one language before rendering; tests switch between both, so both are loaded.
for (const [language, bundle] of Object.entries(resources)) i18n.addResourceBundle(language, 'translation', bundle.translation, true, true);
await i18n.changeLanguage('zh-CN');
