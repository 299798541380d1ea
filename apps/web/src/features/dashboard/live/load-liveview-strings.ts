import { lazyStrings } from '../../../shared/i18n/lazy-strings.tsx';

/** The live view's and shopper actions' strings (locales/<lang>/liveview.ts), loaded with their pages. */
export const { load: loadLiveviewStrings, withStrings: withLiveviewStrings } = lazyStrings('liveview', {
  'zh-CN': () => import('../../../locales/zh-CN/liveview.ts'),
  'en-US': () => import('../../../locales/en-US/liveview.ts'),
});
