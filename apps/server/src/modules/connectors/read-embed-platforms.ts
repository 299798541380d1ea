import type { PlatformAppConfig } from '../../config.ts';
import type { TokenSource } from './call-platform-api.ts';
import { shoplazzaRequest } from './shoplazza-api.ts';
import { shoplineRequest } from './shopline-api.ts';

/**
 * Where Shoplazza's and Shopline's theme editors open at the app embeds with ours selected, and
 * the live theme's `config/settings_data.json`, whose `current.blocks` say whether the embed is on
 * (`shoplazza://apps/…/blocks/storecast-embed/…`, `shopline://apps/…`), as Shopify's does.
 */
type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const list = (answer: unknown, key: string): Json[] => {
  const a = obj(answer);
  const found = a[key] ?? obj(a.data)[key];
  return Array.isArray(found) ? found.map(obj) : [];
};
/** An asset's text, in `asset.value` (or under `data`). */
const assetValue = (answer: unknown): string | undefined => {
  const a = obj(answer);
  const value = obj(a.asset ?? obj(a.data).asset).value;
  return typeof value === 'string' ? value : undefined;
};

const SETTINGS = 'config/settings_data.json';

/**
 * Shoplazza's deep link to the theme editor's app embeds with ours to switch on
 * (`/admin/card?context=apps&activateAppBlockId=<app>/<block>`, its "deep link" guide).
 */
export const shoplazzaEmbedEditorUrl = (shop: string, appId: string, handle: string) =>
  `https://${shop}/admin/card?context=apps&activateAppBlockId=${encodeURIComponent(appId)}/${handle}`;

/** Shopline's theme editor at the app embeds, ours selected. */
export const shoplineEmbedEditorUrl = (handle: string, appKey: string, block: string) =>
  `https://${handle}.myshopline.com/admin/theme/editor?context=apps&activateAppId=${encodeURIComponent(appKey)}/${block}`;

/**
 * The published theme's settings on Shoplazza: `GET themes` (`published` "1"), then its
 * `config/settings_data.json` by `themes/{id}/assets?key=`. Undefined when there is none.
 */
export async function readShoplazzaSettings(app: PlatformAppConfig, shop: string, token: TokenSource, timeoutMs: number): Promise<string | undefined> {
  const themes = list(await shoplazzaRequest(app, shop, token, 'themes', { timeoutMs, retries: 0 }), 'themes');
  const live = themes.find((t) => String(t.published) === '1' || t.published === true || t.role === 'main');
  if (!live) return undefined;
  return assetValue(await shoplazzaRequest(app, shop, token, `themes/${encodeURIComponent(String(live.id))}/assets`, {
    query: { key: SETTINGS }, timeoutMs, retries: 0,
  }));
}

/**
 * The live theme's settings on Shopline: `themes.json` (the published theme is `role`
 * `published`; scope `read_content`), then `themes/{id}/assets/detail.json?asset_key=` (answered
 * `{ asset: { key, value } }`; scope `read_themes`).
 */
export async function readShoplineSettings(app: PlatformAppConfig, handle: string, token: TokenSource, timeoutMs: number): Promise<string | undefined> {
  const { body } = await shoplineRequest(app, handle, token, 'themes.json', { timeoutMs, retries: 0 });
  const live = list(body, 'themes').find((t) => t.role === 'published');
  if (!live) return undefined;
  const asset = await shoplineRequest(app, handle, token, `themes/${encodeURIComponent(String(live.id))}/assets/detail.json`, {
    query: { asset_key: SETTINGS }, timeoutMs, retries: 0,
  });
  return assetValue(asset.body);
}
