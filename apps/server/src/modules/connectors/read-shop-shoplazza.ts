import type { PlatformAppConfig } from '../../config.ts';
import type { PlatformShopDetails } from '@storecast/db';
import { shoplazzaRequest } from './shoplazza-api.ts';

interface ShopAnswer {
  shop?: { name?: unknown; email?: unknown; currency?: unknown; timezone?: unknown; primary_locale?: unknown; domain?: unknown; system_domain?: unknown };
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * Shoplazza gives a shop's time zone as an offset (`+0800`); the store here needs an IANA name.
 * A whole-hour offset is the matching `Etc/GMT` zone (its sign is inverted by POSIX's rule); an
 * IANA name is taken as it is; anything else is UTC.
 */
export function timeZoneOfOffset(zone: string): string {
  if (/^[A-Za-z_]+\/[A-Za-z_+\-/0-9]+$/.test(zone)) return zone;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!m || m[3] !== '00') return 'UTC';
  const hours = Number(m[2]);
  if (hours === 0) return 'UTC';
  if (hours > 14) return 'UTC';
  return `Etc/GMT${m[1] === '+' ? '-' : '+'}${hours}`;
}

/** The shop's name, public address, currency, time zone, language and e-mail (`GET /shop`). */
export async function readShoplazzaShop(app: PlatformAppConfig, shop: string, token: string): Promise<PlatformShopDetails> {
  const answer = await shoplazzaRequest<ShopAnswer>(app, shop, token, 'shop');
  const s = answer.shop;
  if (!s) throw new Error('Shoplazza answered no shop');
  const domain = text(s.domain) || shop;
  return {
    name: text(s.name) || shop,
    homepageUrl: `https://${domain.replace(/^https?:\/\//, '')}`,
    currency: text(s.currency).toUpperCase() || 'USD',
    timezone: timeZoneOfOffset(text(s.timezone)),
    locale: text(s.primary_locale) || 'en',
    email: text(s.email),
  };
}
