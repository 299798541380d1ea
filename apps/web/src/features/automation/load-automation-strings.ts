import { lazyStrings } from '../../shared/i18n/lazy-strings.tsx';

/** Smart Send's strings (locales/<lang>/automation.ts), loaded with the first /automation page. */
export const { load: loadAutomationStrings, withStrings: withAutomationStrings } = lazyStrings('automation', {
  'zh-CN': () => import('../../locales/zh-CN/automation.ts'),
  'en-US': () => import('../../locales/en-US/automation.ts'),
});
