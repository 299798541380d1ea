import { lazyStrings } from '../../shared/i18n/lazy-strings.tsx';

/** The pop-up pages' strings (locales/<lang>/popup.ts), loaded with the first pop-up page. */
export const { load: loadPopupStrings, withStrings: withPopupStrings } = lazyStrings('popup', {
  'zh-CN': () => import('../../locales/zh-CN/popup.ts'),
  'en-US': () => import('../../locales/en-US/popup.ts'),
});
