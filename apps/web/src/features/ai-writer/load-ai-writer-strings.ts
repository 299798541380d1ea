import { lazyStrings } from '../../shared/i18n/lazy-strings.tsx';

/** The "write it for me" button's strings (locales/<lang>/ai-writer.ts), loaded with the first page that shows it. */
export const { load: loadAiWriterStrings } = lazyStrings('aiWriter', {
  'zh-CN': () => import('../../locales/zh-CN/ai-writer.ts'),
  'en-US': () => import('../../locales/en-US/ai-writer.ts'),
});
