import { lazyStrings } from '../../shared/i18n/lazy-strings.tsx';

/** The order export's strings (locales/<lang>/order-export.ts), loaded with its page. */
export const { load: loadOrderExportStrings, withStrings: withOrderExportStrings } = lazyStrings('orderExport', {
  'zh-CN': () => import('../../locales/zh-CN/order-export.ts'),
  'en-US': () => import('../../locales/en-US/order-export.ts'),
});
