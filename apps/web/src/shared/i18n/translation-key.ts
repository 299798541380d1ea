import type { ParseKeys } from 'i18next';

/**
 * Every key `t()` accepts (see src/i18next.d.ts). Tables of keys (route titles, menu labels,
 * the problems a form rule reports) are typed with it, so a misspelled key fails the type check
 * where it is written, not only where it is shown.
 */
export type TranslationKey = ParseKeys<'translation'>;

/**
 * The one place a string becomes a key unchecked: keys that only exist at run time, such as the
 * message keys the contract's zod rules and the server hand over. A key that is not in the
 * catalogue shows as itself, and the locales test keeps both languages' keys equal.
 */
export function runtimeKey(key: string): TranslationKey {
  return key as TranslationKey;
}

/** The rest of every key under a prefix: `KeyUnder<'segmentSend.report'>` is 'sent' | 'opened' | …. */
export type KeyUnder<P extends string> = TranslationKey extends infer K ? (K extends `${P}.${infer Rest}` ? Rest : never) : never;
