import i18n from '../../shared/i18n/i18n.ts';

let loading: Promise<void> | null = null;

/**
 * The pop-up pages' strings (locales/<lang>/popup.ts) stay out of the first load, which carries
 * every other page's strings: they arrive with the first pop-up page and join the language
 * already loaded. Only the language in use is downloaded; switching languages reloads the page.
 */
export function loadPopupStrings(): Promise<void> {
  loading ??= (async () => {
    const language = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
    const { popup } = language === 'en-US'
      ? await import('../../locales/en-US/popup.ts')
      : await import('../../locales/zh-CN/popup.ts');
    i18n.addResourceBundle(language, 'translation', { popup }, true, false);
  })();
  return loading;
}
