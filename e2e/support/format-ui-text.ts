import type { Locale } from '@storecast/contract';
import { ui } from './ui-text.ts';

/** A UI string with its {{placeholders}} filled, as i18next shows it (the app does not escape values). */
export function formatUi(lang: Locale, key: string, values: Record<string, string | number>): string {
  return ui(lang, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => {
    if (!(name in values)) throw new Error(`no value for {{${name}}} in ${key}`);
    return String(values[name]);
  });
}
