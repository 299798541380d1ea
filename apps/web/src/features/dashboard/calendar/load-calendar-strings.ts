import { lazyStrings } from '../../../shared/i18n/lazy-strings.tsx';

/** The marketing calendar's strings (locales/<lang>/calendar.ts), loaded with its page. */
export const { load: loadCalendarStrings, withStrings: withCalendarStrings } = lazyStrings('calendar', {
  'zh-CN': () => import('../../../locales/zh-CN/calendar.ts'),
  'en-US': () => import('../../../locales/en-US/calendar.ts'),
});
