import { lazyStrings } from '../../shared/i18n/lazy-strings.tsx';

/** The billing pages' strings (locales/<lang>/billing-pages.ts), loaded with their first page. */
export const { load: loadBillingStrings, withStrings: withBillingStrings } = lazyStrings('billingPages', {
  'zh-CN': () => import('../../locales/zh-CN/billing-pages.ts'),
  'en-US': () => import('../../locales/en-US/billing-pages.ts'),
});
