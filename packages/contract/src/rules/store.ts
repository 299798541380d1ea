import { z } from 'zod';
import { CURRENCY_IDS } from '../currencies.ts';
import { LIMITS } from '../limits.ts';
import { LOCALES } from '../messages/index.ts';

export const PLATFORMS = ['shopify', 'shoplazza', 'shopline', 'custom'] as const;
export type Platform = (typeof PLATFORMS)[number];
/** The platforms the product connects to through their own API; `custom` is the store's own code. */
export type ConnectedPlatform = Exclude<Platform, 'custom'>;
export const CONNECTED_PLATFORMS = PLATFORMS.filter((p): p is ConnectedPlatform => p !== 'custom');

/** Parses a homepage link; accepts a bare host ("shop.example.com") by assuming https. */
export function parseHomepage(input: string): URL | null {
  const raw = input.trim();
  if (!raw) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    // A host needs a dot and a top-level label of letters (or be localhost for development).
    if (url.hostname !== 'localhost' && !/\.[a-z]{2,}$/i.test(url.hostname)) return null;
    return url;
  } catch {
    return null;
  }
}

export function isValidTimeZone(tz: string): boolean {
  if (!tz) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const storeNameSchema = z
  .string({ error: 'errors.store.nameRequired' })
  .trim()
  .min(1, { error: 'errors.store.nameRequired' })
  .max(LIMITS.storeNameMax, { error: 'errors.store.nameTooLong' });

/** Normalised to `https://host[/path]` without a trailing slash. */
export const homepageSchema = z
  .string({ error: 'errors.store.homepageFormat' })
  .max(2000, { error: 'errors.store.homepageFormat', abort: true })
  .trim()
  .min(1, { error: 'errors.store.homepageFormat' })
  .refine((s) => parseHomepage(s) !== null, { error: 'errors.store.homepageFormat' })
  .transform((s) => {
    const u = parseHomepage(s)!;
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '')}`;
  });

export const currencySchema = z.enum(CURRENCY_IDS, { error: 'errors.store.currencyRequired' });

/**
 * The language the store writes to its shoppers in: Smart Send's default copy and what AI writes
 * for the store. Not the admin's language, which each reader picks for themselves.
 */
export const storeLanguageSchema = z.enum(LOCALES, { error: 'errors.store.languageInvalid' });

export const timeZoneSchema = z
  .string({ error: 'errors.store.timezoneInvalid' })
  .max(100, { error: 'errors.store.timezoneInvalid', abort: true })
  .refine(isValidTimeZone, { error: 'errors.store.timezoneInvalid' });

/**
 * The store's postal address, printed in every e-mail footer: CAN-SPAM and the mailbox
 * providers' bulk-sender rules ask for one. Free text of a few lines; empty until the store sets it.
 */
export const postalAddressSchema = z
  .string({ error: 'errors.store.addressTooLong' })
  .max(LIMITS.postalAddressMax, { error: 'errors.store.addressTooLong', abort: true })
  .transform((s) => s.split(/\r?\n/).map((line) => line.trim()).filter(Boolean).join('\n'));

export const storeFieldsSchema = z.object({
  name: storeNameSchema,
  homepage_url: homepageSchema,
  currency: currencySchema,
  timezone: timeZoneSchema,
  /** Left out: kept as it is (older clients do not send it). */
  postal_address: postalAddressSchema.optional(),
  /** Left out: kept as it is; a new store then takes the language of the admin who connects it. */
  language: storeLanguageSchema.optional(),
});
export type StoreFields = z.input<typeof storeFieldsSchema>;
