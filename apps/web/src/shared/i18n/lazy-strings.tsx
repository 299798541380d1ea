import { use, type ComponentType } from 'react';
import i18n from './i18n.ts';

type Loader = () => Promise<Record<string, unknown>>;

/**
 * A feature's strings kept out of the first load (locales/<lang>/<feature>.ts): they arrive with
 * the feature's first page and join the language already loaded under `key`. Only the language in
 * use is downloaded; switching languages reloads the page. The loaders are the feature's own
 * `import()` calls, so each language's file stays its own chunk.
 */
export function lazyStrings(key: string, loaders: { 'zh-CN': Loader; 'en-US': Loader }) {
  let loading: Promise<void> | null = null;
  const load = (): Promise<void> => (loading ??= (async () => {
    const language = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
    const strings = await loaders[language]();
    i18n.addResourceBundle(language, 'translation', { [key]: strings[key] }, true, false);
  })());
  /**
   * A page that renders once the strings are there. Until then it suspends, so the layout's
   * Suspense shows the page spinner, as it does while the page's own code loads.
   */
  const withStrings = <P extends object>(Page: ComponentType<P>): ComponentType<P> => {
    function WithStrings(props: P) {
      use(load());
      return <Page {...props} />;
    }
    WithStrings.displayName = `WithStrings(${Page.displayName ?? Page.name})`;
    return WithStrings;
  };
  return { load, withStrings };
}
