import { lazyStrings } from '../../../shared/i18n/lazy-strings.tsx';

/** The overview and goals strings (locales/<lang>/overview.ts), loaded with the first of those pages. */
export const { load: loadOverviewStrings, withStrings: withOverviewStrings } = lazyStrings('overview', {
  'zh-CN': () => import('../../../locales/zh-CN/overview.ts'),
  'en-US': () => import('../../../locales/en-US/overview.ts'),
});
