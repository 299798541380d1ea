import '@shopify/shopify-api/adapters/node';
import { Session } from '@shopify/shopify-api';
import type { AppEmbedStatus } from '@storecast/contract';
import { platformConnections, type ShopScope, shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { openToken, tokenContext } from './channel-shop-token.ts';
import { shopifyInstallClient } from './install-shopify-client.ts';
import { readShoplazzaSettings, readShoplineSettings, shoplazzaEmbedEditorUrl, shoplineEmbedEditorUrl } from './read-embed-platforms.ts';
import { platformCredential } from './refresh-platform-token.ts';

/**
 * The handle of the app's theme app embed block (the theme extension's `blocks/<handle>.liquid`),
 * which loads the storefront script. Shopify names it in the theme's settings as
 * `shopify://apps/<app>/blocks/<handle>/<uuid>`.
 */
export const APP_EMBED_HANDLE = 'storecast-embed';
/** Longer than this and the admin's page is better off saying "unknown". */
const READ_TIMEOUT_MS = 5000;

const MAIN_THEME_SETTINGS = /* GraphQL */ `
  query StorecastAppEmbed {
    themes(first: 1, roles: [MAIN]) {
      nodes { files(filenames: ["config/settings_data.json"], first: 1) { nodes { body { ... on OnlineStoreThemeFileBodyText { content } } } } }
    }
  }
`;
interface ThemesAnswer { themes: { nodes: { files: { nodes: { body: { content?: string } }[] } | null }[] } }

interface EmbedBlock { type?: unknown; disabled?: unknown }

/**
 * Whether the theme's settings turn our embed on: a block of `current.blocks` (or of the preset
 * `current` names, in older themes) whose type is our app's embed, not disabled. Shopify writes a
 * comment above the JSON of `settings_data.json`, which is dropped first.
 */
export function embedEnabledIn(settingsData: string, handle = APP_EMBED_HANDLE): boolean {
  const json = settingsData.replace(/^\s*\/\*[\s\S]*?\*\//, '');
  const data = JSON.parse(json) as { current?: unknown; presets?: Record<string, unknown> };
  const current = typeof data.current === 'string' ? data.presets?.[data.current] : data.current;
  const blocks = (current as { blocks?: Record<string, EmbedBlock> } | undefined)?.blocks ?? {};
  // Shopify, Shoplazza and Shopline name an app's blocks alike: `<platform>://apps/<app>/blocks/<handle>/<id>`.
  const ours = new RegExp(`^(shopify|shoplazza|shopline)://apps/[^/]+/blocks/${handle.replace(/[^\w-]/g, '')}/`);
  return Object.values(blocks).some((b) => typeof b.type === 'string' && ours.test(b.type) && b.disabled !== true);
}

const NOT_APPLICABLE: AppEmbedStatus = { applicable: false, enabled: null, editor_url: null };

/**
 * The app embed's state in the shop's live theme, read through Admin GraphQL (`themes`, its
 * `config/settings_data.json`), and the theme editor's deep link that switches it on. Custom
 * stores paste the script tag instead: not applicable. Unknown (null) when the link is not
 * authorised or the platform does not answer in time.
 */
export async function readAppEmbedStatus(deps: Deps, scope: ShopScope): Promise<AppEmbedStatus> {
  const db = deps.dbh.db;
  const [shop] = await db.select({ platform: shops.platform }).from(shops).where(eq(shops.id, scope.shopId));
  if (shop?.platform === 'shoplazza' || shop?.platform === 'shopline') return readPlatformEmbed(deps, scope, shop.platform);
  if (shop?.platform !== 'shopify') return NOT_APPLICABLE;
  const [link] = await db.select().from(platformConnections).where(scope.where(platformConnections, eq(platformConnections.platform, 'shopify')));
  const shopify = shopifyInstallClient(deps);
  const apiKey = deps.config.platformApps.shopify?.apiKey;
  if (!link || !shopify || !apiKey) return { applicable: true, enabled: null, editor_url: null };
  const editor = `https://${link.shopDomain}/admin/themes/current/editor?context=apps&activateAppId=${encodeURIComponent(apiKey)}/${APP_EMBED_HANDLE}`;
  if (link.status !== 'authorized' || !link.sealedToken) return { applicable: true, enabled: null, editor_url: editor };
  try {
    const accessToken = await openToken(deps, link.sealedToken, tokenContext.link(scope.shopId, 'shopify'));
    const session = new Session({ id: `offline_${link.shopDomain}`, shop: link.shopDomain, state: '', isOnline: false, accessToken });
    const client = new shopify.clients.Graphql({ session });
    let timer: NodeJS.Timeout | undefined;
    const answer = await Promise.race([
      client.request<ThemesAnswer>(MAIN_THEME_SETTINGS),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), READ_TIMEOUT_MS))),
    ]).finally(() => clearTimeout(timer));
    const content = answer.data?.themes.nodes[0]?.files?.nodes[0]?.body.content;
    return { applicable: true, enabled: content === undefined ? false : embedEnabledIn(content), editor_url: editor };
  } catch {
    return { applicable: true, enabled: null, editor_url: editor };
  }
}

/**
 * The same on Shoplazza and Shopline: the live theme's `config/settings_data.json` through the
 * platform's theme API (read-embed-platforms.ts), with the store's refreshing credential, and the
 * theme editor's link at the app embeds. Unknown (null) when the link is not authorised or the
 * platform does not answer within READ_TIMEOUT_MS.
 */
async function readPlatformEmbed(deps: Deps, scope: ShopScope, platform: 'shoplazza' | 'shopline'): Promise<AppEmbedStatus> {
  const [link] = await deps.dbh.db.select().from(platformConnections).where(scope.where(platformConnections, eq(platformConnections.platform, platform)));
  const app = deps.config.platformApps[platform];
  if (!link || !app?.apiKey) return { applicable: true, enabled: null, editor_url: null };
  const handle = link.shopDomain.replace(/\.myshopline\.com$/, '');
  const editor = platform === 'shoplazza'
    ? shoplazzaEmbedEditorUrl(link.shopDomain, app.apiKey, APP_EMBED_HANDLE)
    : shoplineEmbedEditorUrl(handle, app.apiKey, APP_EMBED_HANDLE);
  if (link.status !== 'authorized' || !link.sealedToken) return { applicable: true, enabled: null, editor_url: editor };
  try {
    const { credential } = await platformCredential(deps, scope.shopId, platform);
    const content = platform === 'shoplazza'
      ? await readShoplazzaSettings(app, link.shopDomain, credential, READ_TIMEOUT_MS)
      : await readShoplineSettings(app, handle, credential, READ_TIMEOUT_MS);
    return { applicable: true, enabled: content === undefined ? false : embedEnabledIn(content), editor_url: editor };
  } catch {
    return { applicable: true, enabled: null, editor_url: editor };
  }
}
