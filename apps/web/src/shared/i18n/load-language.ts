import type { Locale } from '@storecast/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';
import i18n from './i18n.ts';

let antdLocale: AntdLocale | undefined;

/**
 * Loads the strings, antd's and dayjs's locale of one language before the first render. Only
 * the language in use is downloaded: the other one would cost the first load about as much
 * again, and switching languages reloads the page anyway.
 */
export async function loadLanguage(language: Locale): Promise<void> {
  const { bundle } = language === 'en-US'
    ? await import('../../locales/en-US/bundle.ts')
    : await import('../../locales/zh-CN/bundle.ts');
  i18n.addResourceBundle(language, 'translation', bundle.translation, true, true);
  await i18n.changeLanguage(language);
  dayjs.locale(bundle.dayjs);
  antdLocale = bundle.antd;
}

/** antd's locale of the loaded language (undefined before `loadLanguage`, i.e. antd's English). */
export function currentAntdLocale(): AntdLocale | undefined {
  return antdLocale;
}
