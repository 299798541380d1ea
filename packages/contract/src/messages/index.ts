import { errorsEnUS, noticesEnUS } from './en-US/index.ts';
import { errorsZhCN, noticesZhCN } from './zh-CN/index.ts';

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const ERROR_MESSAGES = { 'zh-CN': errorsZhCN, 'en-US': errorsEnUS } as const;
/** Success messages and message texts (`notices.*`): not errors, so not in `errors.*`. */
export const NOTICE_MESSAGES = { 'zh-CN': noticesZhCN, 'en-US': noticesEnUS } as const;

/** Picks zh-CN or en-US from an Accept-Language header or a stored choice. */
export function pickLocale(input: string | undefined | null): Locale {
  if (!input) return DEFAULT_LOCALE;
  for (const part of input.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LOCALE;
}

/**
 * Translates a message key such as "errors.store.nameTooLong" or "notices.code.sent" (a key
 * without either prefix is an error's). Unknown keys come back as they are, so a missing
 * translation shows up in tests instead of as an empty toast.
 */
export function translateError(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const notice = key.startsWith('notices.');
  const path = key.replace(/^(errors|notices)\./, '').split('.');
  let node: unknown = notice ? NOTICE_MESSAGES[locale] : ERROR_MESSAGES[locale];
  for (const p of path) node = (node as Record<string, unknown> | undefined)?.[p];
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
