import type { PlatformShopDetails } from '@storecast/db';
import type { PlatformAppConfig } from '../../config.ts';
import { timeZoneOfOffset } from './read-shop-shoplazza.ts';
import { shoplineDomain, shoplineRequest } from './shopline-api.ts';

interface ShopAnswer {
  data?: { name?: unknown; domain?: unknown; currency?: unknown; timezone?: unknown; language?: unknown; email?: unknown; contact_email?: unknown };
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * The store's name, public address, currency, time zone, language and e-mail
 * (`GET merchants/shop.json`, "Query store information", the record in `data`). The time zone is
 * an IANA name or an offset; an offset becomes the matching `Etc/GMT` zone as Shoplazza's does.
 */
export async function readShoplineShop(app: PlatformAppConfig, handle: string, token: string): Promise<PlatformShopDetails> {
  const { body } = await shoplineRequest<ShopAnswer>(app, handle, token, 'merchants/shop.json');
  const s = body.data;
  if (!s) throw new Error('Shopline answered no store');
  const domain = text(s.domain) || shoplineDomain(handle);
  return {
    name: text(s.name) || handle,
    homepageUrl: `https://${domain.replace(/^https?:\/\//, '')}`,
    currency: text(s.currency).toUpperCase() || 'USD',
    timezone: timeZoneOfOffset(text(s.timezone)),
    locale: text(s.language) || 'en',
    email: text(s.email) || text(s.contact_email),
  };
}
