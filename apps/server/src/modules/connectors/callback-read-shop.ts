import type { Session, Shopify } from '@shopify/shopify-api';
import type { PlatformShopDetails } from '@storecast/db';

const SHOP_QUERY = /* GraphQL */ `
  query StorecastInstallShop {
    shop { name myshopifyDomain currencyCode ianaTimezone email primaryDomain { url } }
    shopLocales { locale primary }
  }
`;

interface ShopAnswer {
  shop: { name: string; myshopifyDomain: string; currencyCode: string; ianaTimezone: string; email: string; primaryDomain: { url: string } | null };
  shopLocales: { locale: string; primary: boolean }[];
}

/**
 * What the store here is made from: the shop's name, public address, currency, IANA time zone,
 * primary language and e-mail, read through the Admin GraphQL API with the token just granted.
 */
export async function readShopifyShop(shopify: Shopify, session: Session): Promise<PlatformShopDetails> {
  const client = new shopify.clients.Graphql({ session });
  const answer = await client.request<ShopAnswer>(SHOP_QUERY);
  const shop = answer.data?.shop;
  if (!shop) throw new Error('Shopify answered no shop');
  const primary = answer.data?.shopLocales.find((l) => l.primary)?.locale ?? 'en';
  return {
    name: shop.name,
    homepageUrl: shop.primaryDomain?.url || `https://${shop.myshopifyDomain}`,
    currency: shop.currencyCode,
    timezone: shop.ianaTimezone,
    locale: primary,
    email: shop.email,
  };
}
