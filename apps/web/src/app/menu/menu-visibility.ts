import type { SessionUser } from '@storecast/contract';
import type { TranslationKey } from '../../shared/i18n/translation-key.ts';

/** What the top-bar menu rules look at: the session user's store flags and the app settings. */
export interface MenuContext {
  user: Pick<SessionUser, 'shop_id' | 'campaign_strategy' | 'shop_guide' | 'shop_guide_flag'>;
  internalShopIds: readonly string[];
}

export type MenuRule = (ctx: MenuContext) => boolean;

/** SPEC section 2, top-bar menu. A retired guide (state 2) hides its feature's entry. */
export const menuRules = {
  always: () => true,
  campaignStrategyOn: (ctx) => ctx.user.campaign_strategy !== 0,
  subscribePopupNotRetired: (ctx) => ctx.user.shop_guide.subscribe_popup !== 2,
  popupStrategyNotRetired: (ctx) => ctx.user.shop_guide.popup_strategy !== 2,
  elementSendOn: (ctx) => ctx.user.shop_guide_flag.element_send,
  internalStoreOnly: (ctx) => ctx.user.shop_id !== '' && ctx.internalShopIds.includes(ctx.user.shop_id),
} satisfies Record<string, MenuRule>;

export interface MenuEntry {
  /** Top-level path, e.g. "/dashboard". */
  path: string;
  titleKey: TranslationKey;
  order: number;
  visible: MenuRule;
}

export function visibleMenuEntries<E extends MenuEntry>(entries: readonly E[], ctx: MenuContext): E[] {
  return entries.filter((e) => e.visible(ctx)).sort((a, b) => a.order - b.order);
}

/** The active entry is the first path segment: /dashboard/goals -> /dashboard. */
export function activeMenuKey(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0];
  return first ? `/${first}` : '/';
}
