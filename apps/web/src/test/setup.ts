import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18n from '../shared/i18n/i18n.ts';
import { resources } from '../locales/index.ts';

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(cleanup);
// Pages are lazy chunks; the first import of one is transformed on demand and can take a while.
configure({ asyncUtilTimeout: 5000 });

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
