import { type ChannelShopInfo, CONNECTED_PLATFORMS, type ConnectedPlatform } from '@storecast/contract';
import { platformAdminUrl } from './shop-domain.ts';

/**
 * Where the owner authorises the app again: the link the server gives (the app's page in the
 * platform's admin, which runs the install), else the store's admin, where the owner opens the app
 * themselves, and then the alert says so (`inAdmin`). The not-authorised and the missing-scopes
 * alerts send the owner to the same place, since the same install grants both.
 */
export function reauthorizeTarget(data: ChannelShopInfo): { href: string | null; platform: ConnectedPlatform | null; inAdmin: boolean } {
  const platform = CONNECTED_PLATFORMS.find((p) => p === data.platform) ?? null;
  if (data.reauthorize_url) return { href: data.reauthorize_url, platform, inAdmin: false };
  const storeAdmin = platform && data.shop_domain ? platformAdminUrl(platform, data.shop_domain) : null;
  return { href: storeAdmin, platform, inAdmin: !!storeAdmin };
}
