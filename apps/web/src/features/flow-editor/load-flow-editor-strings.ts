import { lazyStrings } from '../../shared/i18n/lazy-strings.tsx';

/** The flow editor's strings (locales/<lang>/flow-editor.ts), loaded with the editor. */
export const { load: loadFlowEditorStrings, withStrings: withFlowEditorStrings } = lazyStrings('flowEditor', {
  'zh-CN': () => import('../../locales/zh-CN/flow-editor.ts'),
  'en-US': () => import('../../locales/en-US/flow-editor.ts'),
});
