/**
 * The languages a shopper may see a pop-up in, and how the browser's language picks one. Kept
 * free of zod so the storefront script can import it (`@storecast/contract/shopper-language`)
 * without carrying the schema library.
 */
export const SHOPPER_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type ShopperLanguage = (typeof SHOPPER_LANGUAGES)[number];

/** Picks the shopper's language from a browser language tag: zh* is zh-CN, anything else en-US. */
export function shopperLanguage(tag: string | null | undefined): ShopperLanguage {
  return tag && /^zh\b/i.test(tag) ? 'zh-CN' : 'en-US';
}
