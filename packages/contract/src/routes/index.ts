import { accessRoutes } from './access.ts';
import { aiRoutes } from './ai.ts';
import { audienceRoutes } from './audience.ts';
import { automationRoutes } from './automation.ts';
import { authRoutes } from './auth.ts';
import { apiTokenRoutes, ingestRoutes } from './ingest.ts';
import { billingRoutes } from './billing.ts';
import { brandRoutes } from './brand.ts';
import { catalogueRoutes } from './catalogue.ts';
import { channelShopRoutes } from './channel-shop.ts';
import { activityRoutes } from './activity.ts';
import { calendarRoutes } from './calendar.ts';
import { campaignRoutes, campaignStorefrontRoutes } from './campaign.ts';
import { campaignLinkRoutes } from './campaign-link.ts';
import { dashboardRoutes } from './dashboard.ts';
import { liveviewRoutes } from './liveview.ts';
import { orderRoutes } from './orders.ts';
import { elementRoutes } from './element.ts';
import { senderRoutes } from './sender.ts';
import { shopRoutes } from './shop.ts';
import { outboxRoutes } from './outbox.ts';
import { operatorRoutes } from './operator.ts';
import { popupRoutes, storefrontRoutes } from './popup.ts';
import { platformSyncRoutes } from './platform-sync.ts';
import { strategyRoutes } from './strategy.ts';
import { systemRoutes } from './system.ts';

export * from './define-route.ts';
export * from './access.ts';
export * from './ai.ts';
export * from './audience.ts';
export * from './automation.ts';
export * from './auth.ts';
export * from './ingest.ts';
export * from './billing.ts';
export * from './brand.ts';
export * from './catalogue.ts';
export * from './channel-shop.ts';
export * from './activity.ts';
export * from './calendar.ts';
export * from './campaign.ts';
export * from './campaign-link.ts';
export * from './dashboard.ts';
export * from './liveview.ts';
export * from './orders.ts';
export * from './element.ts';
export * from './session-user.ts';
export * from './sender.ts';
export * from './shop.ts';
export * from './strategy.ts';
export * from './outbox.ts';
export * from './operator.ts';
export * from './popup.ts';
export * from './platform-sync.ts';
export * from './system.ts';

/**
 * Every API route, by feature: the server registers these. The admin imports each area's routes
 * by name (`strategyRoutes`), so a page's chunk carries only the schemas it calls.
 */
export const api = {
  auth: authRoutes,
  shop: shopRoutes,
  billing: billingRoutes,
  system: systemRoutes,
  audience: audienceRoutes,
  apiToken: apiTokenRoutes,
  ingest: ingestRoutes,
  strategy: strategyRoutes,
  outbox: outboxRoutes,
  brand: brandRoutes,
  sender: senderRoutes,
  popup: popupRoutes,
  storefront: storefrontRoutes,
  automation: automationRoutes,
  ai: aiRoutes,
  catalogue: catalogueRoutes,
  element: elementRoutes,
  dashboard: dashboardRoutes,
  calendar: calendarRoutes,
  activity: activityRoutes,
  liveview: liveviewRoutes,
  orders: orderRoutes,
  access: accessRoutes,
  operator: operatorRoutes,
  platformSync: platformSyncRoutes,
  channelShop: channelShopRoutes,
  campaign: campaignRoutes,
  campaignStorefront: campaignStorefrontRoutes,
  campaignLink: campaignLinkRoutes,
} as const;

export const API_PREFIX = '/api';
