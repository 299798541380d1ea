import { lazyStrings } from '../../shared/i18n/lazy-strings.tsx';

/** Access management's strings (locales/<lang>/access-management.ts), loaded with its pages. */
export const { load: loadAccessStrings, withStrings: withAccessStrings } = lazyStrings('accessManagement', {
  'zh-CN': () => import('../../locales/zh-CN/access-management.ts'),
  'en-US': () => import('../../locales/en-US/access-management.ts'),
});
