import { DEFAULT_LOCALE, LOCALES, type Locale } from '@storecast/contract';

/** The interface language is chosen per browser and kept in localStorage; zh-CN by default. */
const KEY = 'storecast.language';

export function getLanguage(): Locale {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
  return (LOCALES as readonly string[]).includes(stored ?? '') ? (stored as Locale) : DEFAULT_LOCALE;
}

/**
 * Stores the choice and reloads, so every cached answer (already localised by the server) and
 * every antd/dayjs locale is fetched again in the new language.
 */
export function switchLanguage(next: Locale): void {
  if (next === getLanguage()) return;
  localStorage.setItem(KEY, next);
  window.location.reload();
}
