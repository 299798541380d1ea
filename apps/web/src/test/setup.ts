import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { createRequire } from 'node:module';
import { afterAll, afterEach } from 'vitest';
import i18n from '../shared/i18n/i18n.ts';
import { resources } from '../locales/index.ts';

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(cleanup);
// Pages are lazy chunks; the first import of one is transformed on demand and can take a while.
configure({ asyncUtilTimeout: 5000 });

// A render committed outside act() (an antd animation's timer, say) leaves React's passive effects
// queued in its scheduler, which runs them on a later macrotask. If the file ends first, they run
// after the DOM is torn down and fail the whole run with "window is not defined". A task queued
// at idle priority runs after every task queued before it, so waiting for it drains that queue
// while the DOM still exists. The scheduler is the one react-dom itself loads.
type Scheduler = { unstable_scheduleCallback(priority: number, task: () => null): unknown; unstable_IdlePriority: number };
const scheduler = createRequire(import.meta.url)('scheduler') as Scheduler;
afterAll(async () => {
  await new Promise<void>((drained) =>
    scheduler.unstable_scheduleCallback(scheduler.unstable_IdlePriority, () => {
      drained();
      return null;
    }),
  );
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
