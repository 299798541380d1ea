import { lazyStrings } from '../../shared/i18n/lazy-strings.tsx';

/** Element Send's strings (locales/<lang>/element-send.ts), loaded with the first /element page. */
export const { load: loadElementStrings, withStrings: withElementStrings } = lazyStrings('elementSend', {
  'zh-CN': () => import('../../locales/zh-CN/element-send.ts'),
  'en-US': () => import('../../locales/en-US/element-send.ts'),
});
