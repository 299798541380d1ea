import type { Locale } from '@storecast/contract';
import { resources } from '../../apps/web/src/locales/index.ts';

/** A UI string of the admin in one language, e.g. ui('zh-CN', 'emailList.import.attribute'). */
export function ui(lang: Locale, key: string): string {
  const value = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], resources[lang].translation);
  if (typeof value !== 'string') throw new Error(`no string ${key}`);
  return value;
}
