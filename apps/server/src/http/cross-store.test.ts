import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { RouteDef } from '@storecast/contract';
import { api, DOWNLOAD_PATHS } from '@storecast/contract';
import {
  campaignLinks, exports, imports, outboxMessages, popupDailyStats, popupTemplates, products, senders, shopMembers, shops, strategies,
  strategyElements, vipServices,
} from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, type FakeStripe, startFakeStripe } from '../test/fake-stripe/start-fake-stripe.ts';
import { makePng } from '../test/make-images.ts';
import { multipartBody } from '../test/multipart-body.ts';
import { seedVerifiedSender } from '../test/seed-verified-sender.ts';
import { readOutbox, signUp } from '../test/sign-up.ts';
import { startTestApp, type TestApp } from '../test/start-test-app.ts';
import { runExport } from '../modules/transfer/run-export.ts';
import { runImport } from '../modules/transfer/run-import.ts';
import { REGISTERED } from './register-route.ts';

/**
 * Proves that a session of store B cannot read or change store A's data, on every store-scoped
 * route the server registers. Routes are enumerated from the app, not listed by hand; each needs
 * a sample request below, so a new store route fails this test until someone says how to call it.
 */

interface Owner { token: string; shopId: string; account: string; userId: string }
interface Sample {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** True when the route changes data: A's data is compared before and after B calls it. */
  writes: boolean;
}

/**
 * A request B's own store accepts (it must answer code 100), carrying A's ids wherever an id
 * could go, so a route that trusted the request over the session would touch A.
 */
const SAMPLES: Record<string, (a: Owner) => Sample> = {
  'GET /shop/info': () => ({ writes: false }),
  'POST /shop/save-info': (a) => ({
    body: { shop_id: a.shopId, id: a.shopId, name: 'Taken Over', homepage_url: 'https://taken.example.com', currency: 'EUR', timezone: 'UTC' },
    writes: true,
  }),
  'GET /send-package/enable-data': () => ({ writes: false }),
  'GET /vip-service/info': () => ({ writes: false }),
  // Billing (payments on the fake Stripe): B pays with its own card; A's pack and payment ids where an id could go.
  'GET /send-package/get-setup-intent': () => ({ writes: false }),
  'POST /send-package/set-payment-method': () => ({ body: { setup_intent_id: billingFx.bSetupIntent }, writes: true }),
  'GET /send-package/get-payment-method': () => ({ writes: false }),
  'POST /send-package/purchase': () => ({ body: { offer_id: 'pack-5k', is_auto_renew: false }, writes: true }),
  // B starts the loop on the free level: it buys Basic for a month, then upgrades to Professional (level 3 unlocks every gated route after these).
  'POST /vip-service/purchase': () => ({ body: { level: 2, months: 1, is_auto_renew: false }, writes: true }),
  'POST /vip-service/upgrade': () => ({ body: { level: 3, months: 1 }, writes: true }),
  'GET /send-package/payment-status': () => ({ query: { payment_id: billingFx.bPayment }, writes: false }),
  'GET /send-package/payment-config': () => ({ writes: false }),
  'GET /send-package/list': () => ({ writes: false }),
  'GET /vip-service/list': () => ({ writes: false }),
  'GET /vip-service/get-upgrade-price': () => ({ query: { level: '3', months: '12' }, writes: false }),
  'GET /send-package/detail-list': () => ({ query: { package_id: billingFx.aPack, page: '1', page_size: '20' }, writes: false }),
  'GET /send-package/detail-name-list': () => ({ writes: false }),
  'GET /send-package/renew-list': () => ({ writes: false }),
  'POST /send-package/change-renew': () => ({ body: { id: billingFx.bPack, is_auto_renew: true }, writes: true }),
  'POST /vip-service/change-renew': () => ({ body: { is_auto_renew: false }, writes: true }),
  'GET /billing/invoice-list': () => ({ query: { page: '1', page_size: '20' }, writes: false }),
  // Access management: B's own stores and members; the transfer gives away a second store of B's.
  'GET /access/member-list': () => ({ writes: false }),
  'POST /access/invite': () => ({ body: { email: 'helper@bravo.example.com', shop_ids: [b.shopId] }, writes: true }),
  'POST /access/cancel-invite': () => ({ body: { id: accessFx.bInvitation }, writes: true }),
  'POST /access/revoke': () => ({ body: { user_id: accessFx.bManager, shop_ids: [b.shopId] }, writes: true }),
  'POST /access/transfer': () => ({ body: { shop_id: accessFx.bSecondStore, user_id: accessFx.bHeir }, writes: true }),
  // Audience: B's own ids where the route must find a row, A's ids wherever a match must find nothing.
  'GET /subscriber/list': () => ({ query: { tag_id: String(fx.aTag), q: 'vip' }, writes: false }),
  'GET /subscriber/detail': () => ({ query: { id: String(fx.bSubscriber) }, writes: false }),
  'POST /subscriber/save': () => ({ body: { email: 'vip@alpha-secret.example.net', tag_ids: [fx.bTag] }, writes: true }),
  'POST /subscriber/bulk': () => ({ body: { action: 'unsubscribe', ids: [fx.aSubscriber, fx.bSubscriber] }, writes: true }),
  'GET /tag/list': () => ({ writes: false }),
  'POST /tag/save': () => ({ body: { name: 'Bravo Tag' }, writes: true }),
  'POST /tag/delete': () => ({ body: { id: fx.aTag }, writes: true }),
  'GET /segment/list': () => ({ writes: false }),
  // A's tag in a rule, or A's segment or coupon in a strategy, is refused (audience.test.ts, strategy-api.test.ts).
  'POST /segment/save': () => ({ body: { name: 'Bravo Segment', match: 'all', conditions: [{ field: 'tag', op: 'has', value: fx.bTag }] }, writes: true }),
  'POST /segment/delete': () => ({ body: { id: fx.aSegment }, writes: true }),
  'POST /segment/count': () => ({ body: { match: 'any', conditions: [{ field: 'tag', op: 'has', value: fx.aTag }, { field: 'email', op: 'eq', value: 'vip@alpha-secret.example.com' }] }, writes: false }),
  'GET /shop/api-token/list': () => ({ writes: false }),
  'POST /shop/api-token/create': () => ({ body: { name: 'Bravo integration' }, writes: true }),
  'POST /shop/api-token/revoke': () => ({ body: { id: fx.aApiToken }, writes: true }),
  // Import and export: B's own upload and records where a row must be found; A's tag in the filter.
  'POST /import/upload': () => ({ body: multipartBody('bravo.csv', 'email\nguest2@bravo.example.com\n'), writes: true }),
  'POST /import/start': () => ({ body: { upload_id: uploadOfB(), mapping: { email: 'email' } }, writes: true }),
  'GET /import/list': () => ({ writes: false }),
  'GET /import/detail': () => ({ query: { id: transferFx.bImport }, writes: false }),
  'POST /export/start': () => ({ body: { format: 'csv', filter: { tag_id: fx.aTag, subscribed_from: '2024-03-01T00:00:00Z', subscribed_to: '2024-03-31T00:00:00Z' } }, writes: true }),
  'GET /export/list': () => ({ writes: false }),
  'GET /export/detail': () => ({ query: { id: transferFx.bExport }, writes: false }),
  // Sender: B's own address (B has a sender from beforeAll); A's sender and domain must stay as they are.
  'GET /sender/lists': () => ({ writes: false }),
  'POST /sender/add': () => ({ body: { email: 'news@bravo.example.com', name: 'Bravo' }, writes: true }),
  'POST /sender/edit': () => ({ body: { email: 'news@bravo.example.com', name: 'Bravo Sender' }, writes: true }),
  'POST /sender/verify-email': () => ({ writes: true }),
  'POST /sender/verify-domain': () => ({ writes: true }),
  'POST /sender/complete-verify-domain': () => ({ writes: true }),
  // Brand assets: B's own new rows; A's ids where B deletes or edits (nothing must happen to A).
  'GET /shop/email-style': () => ({ writes: false }),
  'POST /shop/save-email-style': () => ({ body: { ...brandFx.style, logo_url: 'https://bravo.example.com/logo.jpg' }, writes: true }),
  'POST /shop/upload-logo': () => ({ body: multipartBody('bravo.png', makePng(8, 2)), writes: true }),
  'GET /shop/presets': () => ({ writes: false }),
  'POST /shop/presets-info': () => ({ body: { code: `BRAVO${Math.random().toString(36).slice(2, 8)}`, discount: 5 }, writes: true }),
  'POST /shop/presets-delete': () => ({ body: { id: brandFx.aCoupon }, writes: true }),
  'GET /shop/sales-attribution': () => ({ writes: false }),
  'POST /shop/save-sales-attribution': () => ({ body: { window_days: 9, trigger: 'open' }, writes: true }),
  'POST /material/upload-image': () => ({ body: multipartBody('bravo.gif', Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64')), writes: true }),
  'GET /material/image-list': () => ({ writes: false }),
  'GET /material/title-list': () => ({ writes: false }),
  'GET /material/template-list': () => ({ writes: false }),
  'POST /material/save-title': () => ({ body: { text: 'Bravo title' }, writes: true }),
  'POST /material/save-template': () => ({ body: { name: 'Bravo', content: { version: 1, blocks: [{ type: 'footer', id: 'f' }] } }, writes: true }),
  'POST /material/delete': () => ({ body: { id: brandFx.aTemplate }, writes: true }),
  // Strategies and the outbox: B's own records where a row must be found; A's segment in the audience.
  'GET /strategy/list': () => ({ writes: false }),
  'GET /strategy/detail': () => ({ query: { id: sendFx.bDraft }, writes: false }),
  'POST /strategy/save': () => ({ body: { name: 'Bravo draft', segment_ids: ['system:neverPurchased'], content: sendFx.bDoc, send_mode: 'draft' }, writes: true }),
  'POST /strategy/preview': () => ({ body: { title: 'Bravo', content: sendFx.bDoc }, writes: false }),
  'GET /strategy/audience-count': () => ({ query: { segment_ids: fx.aSegment }, writes: false }),
  'GET /strategy/preflight': () => ({ query: { id: sendFx.bDraft }, writes: false }),
  'POST /strategy/terminate': () => ({ body: { id: sendFx.bPending }, writes: true }),
  'POST /strategy/delete': () => ({ body: { id: sendFx.bDelete }, writes: true }),
  'POST /strategy/save-as-template': () => ({ body: { id: sendFx.bDraft, name: 'Bravo template' }, writes: true }),
  'GET /strategy/report': () => ({ query: { id: sendFx.bDraft }, writes: false }),
  'GET /outbox/list': () => ({ writes: false }),
  'GET /outbox/detail': () => ({ query: { id: sendFx.bOutbox }, writes: false }),
  // Copy is written from B's own store facts; A's coupon is refused (modules/ai/write-copy-api.test.ts).
  'POST /ai/write-copy': () => ({ body: { purpose: 'campaign', channel: 'email', brief: 'Bravo spring' }, writes: false }),
  // Pop-ups: B's own pop-ups where a row must be found; A's pop-up where B deletes.
  'GET /shop/guide': () => ({ writes: false }),
  'POST /shop/save-guide': () => ({ body: { subscribe_popup: 2, popup_strategy: 2 }, writes: true }),
  'GET /shop/app-embed-block': () => ({ writes: false }),
  'GET /channel-shop/sync-status': () => ({ writes: false }),
  // The platform link and the sales-channel tokens: B saves its own, and A's stay unset (A's snapshot).
  'GET /channel-shop/info': () => ({ writes: false }),
  'POST /channel-shop/save-shopify-token': (a) => ({
    body: { shop_id: a.shopId, shop_domain: 'bravo.myshopify.com', storefront_token: 'b'.repeat(32), admin_token: `shpat_${'b'.repeat(32)}` },
    writes: true,
  }),
  'GET /popup/info': () => ({ writes: false }),
  'POST /popup/save': () => ({ body: { enabled: true, content: popupFx.content('Bravo'), conditions: {} }, writes: true }),
  'GET /custom-popup/list': () => ({ writes: false }),
  'GET /custom-popup/detail': () => ({ query: { id: popupFx.bPopup }, writes: false }),
  'POST /custom-popup/save': () => ({ body: { name: 'Bravo pop-up', enabled: true, template_id: popupFx.template, content: popupFx.content('Bravo'), conditions: {} }, writes: true }),
  'POST /custom-popup/switch': () => ({ body: { id: popupFx.bPopup, enabled: false }, writes: true }),
  'POST /custom-popup/delete': () => ({ body: { id: popupFx.aPopup }, writes: true }),
  'GET /popup/daily': () => ({ query: { id: popupFx.bPopup, days: '7' }, writes: false }),
  // Campaigns: B's own campaigns, one per state change; A's campaign where B deletes (nothing must happen to A).
  'GET /campaign/list': () => ({ query: { page: '1', page_size: '20' }, writes: false }),
  // The link generator: B's link to its own shop for B's own campaign; B deletes its own link.
  'GET /campaign/link-list': () => ({ query: { page: '1', page_size: '20' }, writes: false }),
  'POST /campaign/link-create': () => ({
    body: { destination: `${linkFx.bHome}/beans?ref=bravo`, utm_source: 'bravo', utm_medium: 'qr', utm_campaign: 'bravo', campaign_id: campaignFx.bCampaign },
    writes: true,
  }),
  'POST /campaign/link-delete': () => ({ body: { id: linkFx.bLink }, writes: true }),
  'GET /campaign/detail': () => ({ query: { id: campaignFx.bCampaign }, writes: false }),
  'POST /campaign/save': () => ({ body: { campaign: campaignFx.draw('Bravo wheel') }, writes: true }),
  'POST /campaign/enable': () => ({ body: { id: campaignFx.bEnable }, writes: true }),
  'POST /campaign/archive': () => ({ body: { id: campaignFx.bArchive }, writes: true }),
  'POST /campaign/restore': () => ({ body: { id: campaignFx.bRestore }, writes: true }),
  'GET /campaign/usage': () => ({ query: { id: campaignFx.bCampaign }, writes: false }),
  'GET /campaign/report': () => ({ query: { id: campaignFx.bCampaign, range: 'last_7_days' }, writes: false }),
  'POST /campaign/promoters': () => ({ body: { id: campaignFx.bCampaign, strategies: [sendFx.bDraft] }, writes: true }),
  'POST /campaign/aim': () => ({ body: { id: campaignFx.bCampaign, goal: { metric: 'draws', target: 100 } }, writes: true }),
  'POST /campaign/close': () => ({ body: { id: campaignFx.bClose }, writes: true }),
  'POST /campaign/delete': () => ({ body: { id: campaignFx.aCampaign }, writes: true }),
  // Templates are the product's, shared by every store (see SHARED_READS); both stores are internal here.
  'GET /popup-template/gallery': () => ({ writes: false }),
  'GET /popup-template/list': () => ({ writes: false }),
  'POST /popup-template/save': () => ({ body: { name_zh: '布拉沃', name_en: 'Bravo', target: 'email', activity: 'newsletter', theme: 'bold', content: popupFx.content('Bravo') }, writes: true }),
  'POST /popup-template/status': () => ({ body: { id: popupFx.draftTemplate, status: 'draft' }, writes: true }),
  // Smart Send: B's own flows (created by B's first read); B has no verified sender, so B switches off.
  'GET /automation/flows': () => ({ writes: false }),
  'GET /automation/flow': () => ({ query: { id: flowFx.bFlow }, writes: false }),
  'POST /automation/save-flow': () => ({ body: { id: flowFx.bFlow, definition: flowFx.bDefinition() }, writes: true }),
  'POST /automation/publish-flow': () => ({ body: { id: flowFx.bFlow }, writes: true }),
  'POST /automation/switch-flow': () => ({ body: { id: flowFx.bFlow, enabled: false }, writes: true }),
  'POST /automation/save-settings': () => ({ body: { ai_managed: false, smart_sending_hours: 12, weekly_caps: { S: 5, A: 5, B: 2, C: 1 }, sms_quiet_hours: { start: 22, end: 8 } }, writes: true }),
  'GET /automation/report': () => ({ query: { id: flowFx.bFlow, days: '7' }, writes: false }),
  'GET /strategy/recommendations': () => ({ writes: false }),
  'GET /dashboard/overview': () => ({ query: { range: 'last_30_days' }, writes: false }),
  'GET /data/order-money': () => ({ query: { range: 'this_month' }, writes: false }),
  'GET /data/subscribe': () => ({ query: { range: 'last_7_days' }, writes: false }),
  'GET /dashboard/goals': () => ({ writes: false }),
  'POST /dashboard/goals': (a) => ({ body: { shop_id: a.shopId, revenue: 100000, subscribers: 50, sends: 1000 }, writes: true }),
  'GET /calendar/plans': () => ({ query: { month: '2026-11' }, writes: false }),
  'POST /calendar/save': () => ({ body: { starts_on: '2026-11-20', ends_on: '2026-11-30', holiday: 'Bravo Friday' }, writes: true }),
  'POST /calendar/delete': () => ({ body: { id: calendarFx.bPlanToDelete }, writes: true }),
  'POST /calendar/start-send': () => ({ body: { id: calendarFx.bPlan }, writes: true }),
  'GET /calendar/holidays': () => ({ query: { month: '2026-11' }, writes: false }),
  'GET /data/activity-logs': () => ({ query: { action: 'notices.activity.tag.save' }, writes: false }),
  'POST /order/export/start': () => ({ body: { format: 'csv', from: '2026-03-01', to: '2026-03-31' }, writes: true }),
  'GET /order/export/list': () => ({ writes: false }),
  'GET /order/export/detail': () => ({ query: { id: calendarFx.bOrderExport }, writes: false }),
  // Live view: B filters by A's shopper's address (finds nothing) and reads its own shopper.
  'GET /dashboard/user-action': () => ({ query: { email: 'vip@alpha-secret.example.com' }, writes: false }),
  'GET /people/ukey-info': () => ({ query: { subscriber_id: String(fx.bSubscriber) }, writes: false }),
  // Both stores' products have the same ids ('tea-1'..'tea-7'): B's refs are also A's ids.
  'GET /product/list': () => ({ query: { q: 'tea' }, writes: false }),
  'GET /product/find': () => ({ query: { ref: 'tea-1' }, writes: false }),
  // A has blocked its 'tea-7'; B blocks and unblocks its own 'tea-6', which none of B's Element Send samples names.
  'GET /product/blocked-list': () => ({ query: { q: 'tea' }, writes: false }),
  'POST /product/block': () => ({ body: { product_ids: ['tea-6'] }, writes: true }),
  'POST /product/unblock': () => ({ body: { product_ids: ['tea-6'] }, writes: true }),
  'POST /element/match': () => ({ body: { products: ['tea-1', 'tea-2', 'tea-3', 'tea-4', 'tea-5', 'tea-7'], name: 'Bravo Element' }, writes: true }),
  'GET /element/match-state': () => ({ query: { id: elementFx.bElement }, writes: false }),
  'POST /element/retry': () => ({ body: { id: elementFx.bElement }, writes: true }),
  'POST /element/change': () => ({ body: { id: elementFx.bElement, slot: 5, product: 'tea-7' }, writes: true }),
  'GET /element/matches': () => ({ query: { id: elementFx.bElement, slot: '0' }, writes: false }),
};

/** The longest a walk over every store route may take before it counts as stalled. */
const WALK_TIMEOUT_MS = 600_000;

/** How many writes a walk makes between two full reads of A's store. */
const COMPARE_EVERY = 8;

/**
 * Reads of data that belongs to the product rather than a store (the pop-up template gallery and
 * manager): every store sees the same rows, and an internal store may change them.
 */
const SHARED_READS = new Set(['GET /popup-template/gallery', 'GET /popup-template/list']);

/** Reads that answer something new every time by design (a fresh card-form secret), left out of A's snapshot. */
const FRESH_READS = new Set(['GET /send-package/get-setup-intent']);

/** Queries A's own reads need (routes that read one record), for the before/after snapshot. */
const A_QUERIES: Record<string, () => Record<string, string>> = {
  'GET /send-package/payment-status': () => ({ payment_id: billingFx.aPayment }),
  'GET /vip-service/get-upgrade-price': () => ({ level: '3', months: '12' }),
  'GET /subscriber/detail': () => ({ id: String(fx.aSubscriber) }),
  'GET /import/detail': () => ({ id: transferFx.aImport }),
  'GET /export/detail': () => ({ id: transferFx.aExport }),
  'GET /strategy/detail': () => ({ id: sendFx.aDraft }),
  'GET /strategy/report': () => ({ id: sendFx.aDraft }),
  'GET /strategy/preflight': () => ({ id: sendFx.aDraft }),
  'GET /outbox/detail': () => ({ id: sendFx.aOutbox }),
  'GET /custom-popup/detail': () => ({ id: popupFx.aPopup }),
  'GET /popup/daily': () => ({ id: popupFx.aPopup, days: '7' }),
  'GET /campaign/detail': () => ({ id: campaignFx.aCampaign }),
  'GET /campaign/usage': () => ({ id: campaignFx.aCampaign }),
  'GET /campaign/report': () => ({ id: campaignFx.aCampaign, range: 'last_7_days' }),
  'GET /automation/flow': () => ({ id: flowFx.aFlow }),
  'GET /automation/report': () => ({ id: flowFx.aFlow, days: '7' }),
  'GET /element/match-state': () => ({ id: elementFx.aElement }),
  'GET /element/matches': () => ({ id: elementFx.aElement, slot: '0' }),
  'GET /product/find': () => ({ ref: 'tea-1' }),
  'GET /people/ukey-info': () => ({ subscriber_id: String(fx.aSubscriber) }),
  'GET /calendar/plans': () => ({ month: '2026-11' }),
  'GET /calendar/holidays': () => ({ month: '2026-11' }),
  'GET /order/export/detail': () => ({ id: calendarFx.aOrderExport }),
};

/**
 * Every store route that takes a record's id, called by B with A's ids in each id it takes (and
 * B's own data elsewhere): a route that looked a record up by its id alone would read or change
 * A's. The samples above mostly carry B's own ids, since they must succeed; these need not.
 */
const FOREIGN: Record<string, () => Pick<Sample, 'body' | 'query'>> = {
  'GET /send-package/payment-status': () => ({ query: { payment_id: billingFx.aPayment } }),
  'GET /send-package/detail-list': () => ({ query: { package_id: billingFx.aPack, page: '1', page_size: '20' } }),
  'POST /send-package/change-renew': () => ({ body: { id: billingFx.aPack, is_auto_renew: true } }),
  'POST /send-package/set-payment-method': () => ({ body: { setup_intent_id: billingFx.aSetupIntent } }),
  'GET /subscriber/list': () => ({ query: { tag_id: String(fx.aTag), segment_id: fx.aSegment } }),
  'GET /subscriber/detail': () => ({ query: { id: String(fx.aSubscriber) } }),
  'POST /subscriber/save': () => ({ body: { id: fx.aSubscriber, email: 'vip@alpha-secret.example.com', tag_ids: [fx.aTag] } }),
  'POST /subscriber/bulk': () => ({ body: { action: 'tag', tag_id: fx.aTag, ids: [fx.aSubscriber] } }),
  'POST /tag/save': () => ({ body: { id: fx.aTag, name: 'Bravo renames' } }),
  'POST /tag/delete': () => ({ body: { id: fx.aTag } }),
  'POST /segment/save': () => ({ body: { id: fx.aSegment, name: 'Bravo renames', match: 'all', conditions: [{ field: 'order_count', op: 'gte', value: 0 }] } }),
  'POST /segment/delete': () => ({ body: { id: fx.aSegment } }),
  'POST /import/start': () => ({ body: { upload_id: uploadOf(a), mapping: { email: 'email' }, tag_ids: [fx.aTag] } }),
  'GET /import/detail': () => ({ query: { id: transferFx.aImport } }),
  'GET /export/detail': () => ({ query: { id: transferFx.aExport } }),
  'POST /shop/api-token/revoke': () => ({ body: { id: fx.aApiToken } }),
  'GET /strategy/detail': () => ({ query: { id: sendFx.aDraft } }),
  'POST /strategy/save': () => ({ body: { id: sendFx.aDraft, name: 'Bravo renames', segment_ids: [fx.aSegment], coupon_id: brandFx.aCoupon, content: sendFx.bDoc, send_mode: 'draft' } }),
  'POST /strategy/preview': () => ({ body: { title: 'Bravo', content: sendFx.bDoc, strategy_id: sendFx.aDraft } }),
  'GET /strategy/preflight': () => ({ query: { id: sendFx.aDraft } }),
  'GET /strategy/audience-count': () => ({ query: { segment_ids: fx.aSegment, strategy_id: sendFx.aDraft } }),
  'POST /strategy/terminate': () => ({ body: { id: sendFx.aDraft } }),
  'POST /strategy/delete': () => ({ body: { id: sendFx.aDraft } }),
  'POST /strategy/save-as-template': () => ({ body: { id: sendFx.aDraft, name: 'Bravo template' } }),
  'GET /strategy/report': () => ({ query: { id: sendFx.aDraft } }),
  'GET /outbox/list': () => ({ query: { strategy_id: sendFx.aDraft } }),
  'GET /outbox/detail': () => ({ query: { id: sendFx.aOutbox } }),
  'POST /shop/presets-info': () => ({ body: { id: brandFx.aCoupon, code: 'BRAVOTAKES', discount: 90 } }),
  'POST /shop/presets-delete': () => ({ body: { id: brandFx.aCoupon } }),
  'POST /material/save-title': () => ({ body: { id: brandFx.aTitle, text: 'Bravo renames' } }),
  'POST /material/save-template': () => ({ body: { id: brandFx.aTemplate, name: 'Bravo renames', content: sendFx.bDoc } }),
  'POST /material/delete': () => ({ body: { id: brandFx.aTemplate } }),
  'GET /custom-popup/detail': () => ({ query: { id: popupFx.aPopup } }),
  'POST /custom-popup/save': () => ({ body: { id: popupFx.aPopup, name: 'Bravo renames', enabled: false, template_id: popupFx.template, content: popupFx.content('Bravo'), conditions: {} } }),
  'POST /custom-popup/switch': () => ({ body: { id: popupFx.aPopup, enabled: false } }),
  'POST /custom-popup/delete': () => ({ body: { id: popupFx.aPopup } }),
  'GET /popup/daily': () => ({ query: { id: popupFx.aPopup, days: '7' } }),
  'GET /campaign/detail': () => ({ query: { id: campaignFx.aCampaign } }),
  'POST /campaign/save': () => ({ body: { id: campaignFx.aCampaign, mode: 'update', campaign: { ...campaignFx.draw('Bravo renames'), coupon_preset_id: brandFx.aCoupon } } }),
  'POST /campaign/enable': () => ({ body: { id: campaignFx.aDraft } }),
  'POST /campaign/archive': () => ({ body: { id: campaignFx.aCampaign } }),
  'POST /campaign/restore': () => ({ body: { id: campaignFx.aArchived } }),
  'GET /campaign/usage': () => ({ query: { id: campaignFx.aCampaign } }),
  'GET /campaign/report': () => ({ query: { id: campaignFx.aCampaign, range: 'last_7_days' } }),
  'POST /campaign/promoters': () => ({ body: { id: campaignFx.aCampaign, strategies: [sendFx.bDraft] } }),
  'POST /campaign/aim': () => ({ body: { id: campaignFx.aCampaign, goal: { metric: 'orders', target: 1 } } }),
  'POST /campaign/close': () => ({ body: { id: campaignFx.aCampaign } }),
  'POST /campaign/delete': () => ({ body: { id: campaignFx.aCampaign } }),
  'POST /campaign/link-create': () => ({ body: { destination: `${linkFx.bHome}/tea`, utm_campaign: 'bravo', campaign_id: campaignFx.aCampaign } }),
  'POST /campaign/link-delete': () => ({ body: { id: linkFx.aLink } }),
  'GET /automation/flow': () => ({ query: { id: flowFx.aFlow } }),
  'POST /automation/save-flow': () => ({ body: { id: flowFx.aFlow, definition: flowFx.bDefinition() } }),
  'POST /automation/publish-flow': () => ({ body: { id: flowFx.aFlow } }),
  'POST /automation/switch-flow': () => ({ body: { id: flowFx.aFlow, enabled: false } }),
  'GET /automation/report': () => ({ query: { id: flowFx.aFlow, days: '7' } }),
  'POST /ai/write-copy': () => ({ body: { purpose: 'campaign', channel: 'email', brief: 'Bravo spring', coupon_id: brandFx.aCoupon } }),
  // A's blocked 'tea-7' by its id: B's block lands on B's own 'tea-7', and B's unblock takes it off B's list only.
  'POST /product/block': () => ({ body: { product_ids: ['tea-7'] } }),
  'POST /product/unblock': () => ({ body: { product_ids: ['tea-7'] } }),
  'POST /element/match': () => ({ body: { id: elementFx.aElement, products: ['tea-1', 'tea-2', 'tea-3', 'tea-4', 'tea-5', 'tea-7'] } }),
  'GET /element/match-state': () => ({ query: { id: elementFx.aElement } }),
  'POST /element/retry': () => ({ body: { id: elementFx.aElement } }),
  'POST /element/change': () => ({ body: { id: elementFx.aElement, slot: 5, product: 'tea-7' } }),
  'GET /element/matches': () => ({ query: { id: elementFx.aElement, slot: '0' } }),
  'POST /calendar/save': () => ({ body: { id: calendarFx.aPlan, starts_on: '2026-11-20', ends_on: '2026-11-30', holiday: 'Bravo renames' } }),
  'POST /calendar/delete': () => ({ body: { id: calendarFx.aPlan } }),
  'POST /calendar/start-send': () => ({ body: { id: calendarFx.aPlan } }),
  'GET /people/ukey-info': () => ({ query: { subscriber_id: String(fx.aSubscriber) } }),
  'GET /order/export/detail': () => ({ query: { id: calendarFx.aOrderExport } }),
  'POST /access/invite': () => ({ body: { email: 'helper@bravo.example.com', shop_ids: [a.shopId] } }),
  'POST /access/cancel-invite': () => ({ body: { id: accessFx.aInvitation } }),
  'POST /access/revoke': () => ({ body: { user_id: a.userId, shop_ids: [a.shopId] } }),
  'POST /access/transfer': () => ({ body: { shop_id: a.shopId, user_id: accessFx.bHeir } }),
};

/**
 * Id-taking routes left out of FOREIGN, and why: what they name is not a store's record.
 */
const NOT_FOREIGN: Record<string, string> = {
  'POST /send-package/purchase': 'offer_id names a pack of the price list',
  'POST /popup-template/save': 'templates are the product\'s, shared by every store (SHARED_READS)',
  'POST /popup-template/status': 'templates are the product\'s, shared by every store (SHARED_READS)',
};

/** The keys of a route's query and body that name records: `id`, `*_id` and `*_ids`. */
function idKeysOf(route: RouteDef): string[] {
  const keys = [route.query, route.body].flatMap((s) => (s && 'shape' in s ? Object.keys((s as { shape: object }).shape) : []));
  return keys.filter((k) => k === 'id' || k.endsWith('_id') || k.endsWith('_ids'));
}

/**
 * Store-API-token routes: B's token sends records carrying A's customer ids, order ids, event
 * ids and e-mail addresses; they must land in B's store (or be rejected) and leave A as it was.
 */
const TOKEN_SAMPLES: Record<string, () => Record<string, unknown>> = {
  'POST /public/v1/customers': () => ({ customers: [{ id: 'cust-a', email: 'vip@alpha-secret.example.com', first_name: 'Hijack', accepts_marketing: true }] }),
  'POST /public/v1/orders': () => ({ orders: [{ id: 'ord-a', customer_id: 'cust-a', email: 'vip@alpha-secret.example.com', currency: 'USD', total: 999_999, placed_at: new Date().toISOString() }] }),
  'POST /public/v1/events': () => ({ events: [{ id: 'evt-a', customer_id: 'cust-a', email: 'vip@alpha-secret.example.com', type: 'clicked', occurred_at: new Date().toISOString() }] }),
  'POST /public/v1/products': () => ({ products: [{ id: 'tea-1', handle: 'tea-2', title: 'Hijacked tea', currency: 'USD', price: 1, variants: [{ id: 'v-1', price: 1 }] }] }),
};

/** Ids of rows made in beforeAll, for the samples above. */
const fx = { aSubscriber: 0, aTag: 0, aSegment: '', aApiToken: '', aKey: '', bSubscriber: 0, bTag: 0, bKey: '' };

const key = (r: RouteDef) => `${r.method} ${r.path}`;

let t: TestApp;
let shopRoutes: RouteDef[];
let a: Owner;
let b: Owner;

async function owner(name: string): Promise<Owner> {
  const s = await signUp(t, { name });
  const info = await t.call(api.auth.info, { token: s.token });
  return { token: s.token, shopId: s.shopId, account: s.account, userId: info.body.data.company_id };
}

/** Everything A can read about its store and account, to compare before and after B's writes. */
async function snapshotOfA() {
  const out: Record<string, unknown> = {};
  for (const r of [...shopRoutes.filter((x) => x.method === 'GET' && !SHARED_READS.has(key(x)) && !FRESH_READS.has(key(x))), api.auth.info, api.shop.list]) {
    const res = await t.call(r, { token: a.token, query: A_QUERIES[key(r)]?.() });
    expect(res.body.code, `A reading ${key(r)}`).toBe(100);
    out[key(r)] = res.body.data;
  }
  return out;
}

/**
 * Compares A's data with what it was, when `compare` is set: the returned function is told each
 * route B called, and a difference names every route called since the last comparison.
 */
async function watchA() {
  let before = await snapshotOfA();
  let since: string[] = [];
  return async (route: string, compare: boolean) => {
    since.push(route);
    if (!compare) return;
    const after = await snapshotOfA();
    expect(after, `${since.join(', ')} changed A's data`).toEqual(before);
    before = after;
    since = [];
  };
}

/** A's identifying values: ids, names, addresses, and every id any of A's reads returns. */
async function secretsOfA(): Promise<string[]> {
  const snap = JSON.stringify(await snapshotOfA());
  const uuids = snap.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [];
  return [...new Set([a.shopId, a.userId, a.account, 'Alpha Secret Tea', 'alpha-secret.example.com', ...uuids])];
}

let fakeStripe: FakeStripe;
beforeAll(async () => {
  fakeStripe = await startFakeStripe();
  t = await startTestApp({ stripe: fakeStripe.config });
  shopRoutes = t.app[REGISTERED].filter((r) => r.access === 'shop');
  a = await owner('Alpha Secret Tea');
  await t.call(api.shop.saveInfo, {
    token: a.token,
    body: { name: 'Alpha Secret Tea', homepage_url: 'https://alpha-secret.example.com', currency: 'GBP', timezone: 'Europe/London' },
  });
  b = await owner('Bravo Coffee');
  // Both stores may use every gated feature while the fixtures are made; B goes back to the free
  // level before the loop (the last beforeAll), where it buys its membership.
  for (const o of [a, b]) await setMembership(o.shopId, 3);
  await audienceOf();
});

/** A running one-month term of `level` (begun yesterday), or the free level. */
async function setMembership(shopId: string, level: number) {
  const day = 86_400_000;
  await t.deps.dbh.db.update(vipServices).set(level === 0
    ? { level: 0, months: 0, beginAt: null, endAt: null, paidMinor: 0 }
    : { level, months: 1, beginAt: new Date(Date.now() - day), endAt: new Date(Date.now() + 29 * day), paidMinor: 9900, currency: 'USD' })
    .where(eq(vipServices.shopId, shopId));
}

/** Subscribers, tags, a segment and ingested customers, orders and events in both stores. */
async function audienceOf() {
  const ok = <T>(r: { body: { code: number; msg: string; data: T } }) => {
    expect(r.body.code, r.body.msg).toBe(100);
    return r.body.data;
  };
  fx.aTag = ok(await t.call(api.audience.tagSave, { token: a.token, body: { name: 'Alpha Secret Tea' } })).id;
  fx.aSegment = ok(await t.call(api.audience.segmentSave, { token: a.token, body: { name: 'Alpha Secret Tea', match: 'all', conditions: [{ field: 'order_count', op: 'gte', value: 0 }] } })).id;
  const aToken = ok(await t.call(api.apiToken.create, { token: a.token, body: { name: 'Alpha Secret Tea' } }));
  fx.aApiToken = aToken.id;
  fx.aKey = aToken.token;
  const push = (route: RouteDef, body: Record<string, unknown>) => t.call(route, { token: fx.aKey, body });
  ok(await push(api.ingest.customers, { customers: [{ id: 'cust-a', email: 'vip@alpha-secret.example.com', first_name: 'Alpha', accepts_marketing: true }] }));
  ok(await push(api.ingest.orders, { orders: [{ id: 'ord-a', customer_id: 'cust-a', currency: 'GBP', total: 1234, placed_at: new Date().toISOString(), items: [{ product_id: 'alpha-tea', quantity: 1, price: 1234 }] }] }));
  ok(await push(api.ingest.events, { events: [{ id: 'evt-a', customer_id: 'cust-a', type: 'opened', occurred_at: new Date().toISOString() }] }));
  const list = ok(await t.call(api.audience.subscriberList, { token: a.token, query: {} }));
  fx.aSubscriber = list.items[0]!.id;
  ok(await t.call(api.audience.subscriberBulk, { token: a.token, body: { action: 'tag', tag_id: fx.aTag, ids: [fx.aSubscriber] } }));
  fx.bTag = ok(await t.call(api.audience.tagSave, { token: b.token, body: { name: 'Bravo' } })).id;
  fx.bSubscriber = ok(await t.call(api.audience.subscriberSave, { token: b.token, body: { email: 'guest@bravo.example.com' } })).id;
  fx.bKey = ok(await t.call(api.apiToken.create, { token: b.token, body: { name: 'Bravo' } })).token;
}
afterAll(async () => {
  await t.close();
  await fakeStripe.close();
});

/** Import and export records of both stores (made directly: no worker runs in this file). */
const transferFx = { aImport: '', aExport: '', bImport: '', bExport: '' };
beforeAll(async () => {
  const record = async (table: typeof imports | typeof exports, shopId: string) => {
    const values = table === imports
      ? { shopId, fileName: 'alpha-secret.csv', filePath: '/nonexistent', mapping: {}, status: 'completed' as const, errors: [{ row: 2, reason: 'errors.import.badEmail', value: '{"email":"vip@alpha-secret"}' }] }
      : { shopId, format: 'csv' as const, filter: {}, status: 'completed' as const, filePath: '/nonexistent' };
    const [row] = await t.deps.dbh.db.insert(table).values(values as never).returning({ id: table.id });
    return row!.id;
  };
  transferFx.aImport = await record(imports, a.shopId);
  transferFx.aExport = await record(exports, a.shopId);
  transferFx.bImport = await record(imports, b.shopId);
  transferFx.bExport = await record(exports, b.shopId);
});

/** A's brand assets: style, coupon, library title, template and image, attribution. */
const brandFx = {
  aCoupon: '', aTemplate: '', aTitle: '',
  style: { logo_url: 'https://alpha-secret.example.com/logo.jpg', content_color: '#fafafa', button_bg_color: '#112233', button_font_color: '#ffffff', font: 'Georgia', social_links: [{ type: 'x', url: 'https://x.com/alpha-secret' }] },
  doc: { version: 1, blocks: [{ type: 'text', id: 't', html: '<p>Alpha Secret Tea</p>' }, { type: 'footer', id: 'f' }] },
};
beforeAll(async () => {
  const ok = async (p: Promise<{ body: { code: number; msg: string; data: unknown } }>) => {
    const r = await p;
    expect(r.body.code, r.body.msg).toBe(100);
    return r.body.data as { id: string };
  };
  const as = { token: a.token };
  await ok(t.call(api.brand.saveEmailStyle, { ...as, body: brandFx.style }));
  brandFx.aCoupon = (await ok(t.call(api.brand.savePreset, { ...as, body: { code: 'ALPHASECRET', discount: 20, description: 'Alpha Secret Tea' } }))).id;
  brandFx.aTitle = (await ok(t.call(api.brand.saveTitle, { ...as, body: { text: 'Alpha Secret Tea sale' } }))).id;
  brandFx.aTemplate = (await ok(t.call(api.brand.saveTemplate, { ...as, body: { name: 'Alpha Secret Tea', content: brandFx.doc } }))).id;
  await ok(t.call(api.brand.uploadImage, { ...as, body: multipartBody('alpha-secret.png', makePng(4, 4)) }));
  await ok(t.call(api.brand.saveSalesAttribution, { ...as, body: { window_days: 14, trigger: 'click' } }));
});

/** A's sales-channel token, which B's save must leave as it is. */
beforeAll(async () => {
  const saved = await t.call(api.channelShop.saveShopifyToken, { token: a.token, body: { shop_domain: 'alpha-secret.myshopify.com', storefront_token: 'a'.repeat(32) } });
  expect(saved.body.code, saved.body.msg).toBe(100);
});

/** A verified sender and domain for A; for B a sender waiting for its first verification mail. */
beforeAll(async () => {
  await seedVerifiedSender(t.deps.dbh, a.shopId, { email: 'news@alpha-secret.example.com', name: 'Alpha Secret Tea' });
  await t.deps.dbh.db.insert(senders).values({ shopId: b.shopId, email: 'news@bravo.example.com', name: 'Bravo', status: 'sent' });
});

/** Strategies and outbox mail of both stores (made directly: B has no verified sender to send with). */
const sendFx = { aDraft: '', aOutbox: '', bDraft: '', bPending: '', bDelete: '', bOutbox: '', bDoc: { version: 1, blocks: [{ type: 'text', id: 't', html: '<p>Bravo</p>' }, { type: 'footer', id: 'f' }] } };
beforeAll(async () => {
  const db = t.deps.dbh.db;
  const strategy = async (shopId: string, name: string, status: 'draft' | 'pending') => (await db.insert(strategies).values({
    shopId, name, title: name, segmentIds: [], utm: { source: 'storecast', medium: 'email', campaign: '' }, content: shopId === a.shopId ? brandFx.doc : sendFx.bDoc, status,
    sendMode: status === 'pending' ? 'later' : 'draft', sendAt: status === 'pending' ? new Date(Date.now() + 86_400_000) : null,
  }).returning({ id: strategies.id }))[0]!.id;
  const outbox = async (shopId: string, to: string) => (await db.insert(outboxMessages).values({
    shopId, channel: 'email', recipient: to, subject: to, body: `<p>${to}</p>`, meta: { text: to, headers: {} },
  }).returning({ id: outboxMessages.id }))[0]!.id;
  sendFx.aDraft = await strategy(a.shopId, 'Alpha Secret Tea', 'draft');
  sendFx.aOutbox = await outbox(a.shopId, 'vip@alpha-secret.example.com');
  // A's invitation is account mail that A's outbox shows for the store it names; B's never does.
  const invited = await t.call(api.access.invite, { token: a.token, body: { email: 'manager@alpha-secret.example.com', shop_ids: [a.shopId] } });
  expect(invited.body.code, invited.body.msg).toBe(100);
  accessFx.aInvitation = invited.body.data.id;
  expect((await readOutbox(t, 'email', 'manager@alpha-secret.example.com'))?.shopId).toBeNull();
  sendFx.bDraft = await strategy(b.shopId, 'Bravo', 'draft');
  sendFx.bPending = await strategy(b.shopId, 'Bravo later', 'pending');
  sendFx.bDelete = await strategy(b.shopId, 'Bravo gone', 'draft');
  sendFx.bOutbox = await outbox(b.shopId, 'guest@bravo.example.com');
});

/** Pop-ups of both stores (A's with its coupon and figures), a published and a draft template. */
const popupFx = {
  aPopup: '', bPopup: '', template: '', draftTemplate: '',
  content: (name: string) => {
    const words = { title: name, button: 'Join', consent: `I agree to mail from ${name}.`, success_title: 'Thanks' };
    return { texts: { 'zh-CN': words, 'en-US': words } };
  },
};
beforeAll(async () => {
  const db = t.deps.dbh.db;
  t.deps.config.internalShopIds = [a.shopId, b.shopId];
  const ok = async <T>(p: Promise<{ body: { code: number; msg: string; data: T } }>) => {
    const r = await p;
    expect(r.body.code, r.body.msg).toBe(100);
    return r.body.data;
  };
  const content = { ...popupFx.content('Alpha Secret Tea'), coupon_preset_id: brandFx.aCoupon };
  await ok(t.call(api.popup.saveMain, { token: a.token, body: { enabled: true, content, conditions: {} } }));
  popupFx.aPopup = (await ok(t.call(api.popup.save, { token: a.token, body: { name: 'Alpha Secret Tea', enabled: true, content, conditions: {} } }))).id!;
  await db.insert(popupDailyStats).values({ popupId: popupFx.aPopup, shopId: a.shopId, day: new Date().toISOString().slice(0, 10), views: 12, signUps: 3 });
  popupFx.bPopup = (await ok(t.call(api.popup.save, { token: b.token, body: { name: 'Bravo', enabled: true, content: popupFx.content('Bravo'), conditions: {} } }))).id!;
  popupFx.template = (await ok(t.call(api.popup.gallery, { token: b.token, query: {} })))[0]!.id;
  const [draft] = await db.insert(popupTemplates).values({
    nameZh: '草稿', nameEn: 'Draft', target: 'email', activity: 'welcome', theme: 'minimal', content: popupFx.content('Draft'), conditions: {},
  }).returning({ id: popupTemplates.id });
  popupFx.draftTemplate = draft!.id;
});

/** Campaigns of both stores: A's enabled draw promoted by A's strategy, and B's, one per state change. */
const campaignFx = {
  aCampaign: '', aDraft: '', aArchived: '', bCampaign: '', bEnable: '', bArchive: '', bRestore: '', bClose: '',
  draw: (name: string, couponId: string | null = null) => ({
    name, type: 'lucky_draw', form: 'spin_wheel', draw: {
      identity: 'email', period: 'once', prizes: [
        { kind: couponId ? 'coupon' : 'gift', label: { 'zh-CN': name, 'en-US': name }, coupon_preset_id: couponId, probability: 40, stock: 5 },
        { kind: 'none', label: { 'zh-CN': '谢谢', 'en-US': 'Thanks' }, probability: 60 },
      ],
    },
  }),
};
beforeAll(async () => {
  const ok = async (p: Promise<{ body: { code: number; msg: string; data: unknown } }>) => {
    const r = await p;
    expect(r.body.code, r.body.msg).toBe(100);
    return r.body.data as { campaign: { id: string } };
  };
  const made = async (o: Owner, name: string, coupon: string | null = null) =>
    (await ok(t.call(api.campaign.save, { token: o.token, body: { campaign: campaignFx.draw(name, coupon) as never } }))).campaign.id;
  const move = (o: Owner, route: typeof api.campaign.enable, id: string) => ok(t.call(route, { token: o.token, body: { id } }));
  campaignFx.aCampaign = await made(a, 'Alpha Secret Tea', brandFx.aCoupon);
  await move(a, api.campaign.enable, campaignFx.aCampaign);
  await t.deps.dbh.db.insert(campaignLinks).values({ shopId: a.shopId, campaignId: campaignFx.aCampaign, kind: 'strategy', targetId: sendFx.aDraft });
  campaignFx.aDraft = await made(a, 'Alpha Secret Tea draft');
  campaignFx.aArchived = await made(a, 'Alpha Secret Tea archived');
  await move(a, api.campaign.archive, campaignFx.aArchived);
  campaignFx.bCampaign = await made(b, 'Bravo wheel');
  campaignFx.bEnable = await made(b, 'Bravo enable');
  campaignFx.bArchive = await made(b, 'Bravo archive');
  campaignFx.bRestore = await made(b, 'Bravo restore');
  await move(b, api.campaign.archive, campaignFx.bRestore);
  campaignFx.bClose = await made(b, 'Bravo close');
});

/**
 * Saved links of both stores: A's names A's campaign (its name would leak through a list), B's is
 * there for B's delete. The walk's save-info sample moves B's homepage to taken.example.com; B's
 * link sample opens a page of it, so it is set now and the sample does not hang on the walk's order.
 */
const linkFx = { aLink: '', bLink: '', bHome: 'https://taken.example.com' };
beforeAll(async () => {
  await t.deps.dbh.db.update(shops).set({ homepageUrl: linkFx.bHome }).where(eq(shops.id, b.shopId));
  const made = async (o: Owner, destination: string, campaign_id: string | null) => {
    const r = await t.call(api.campaignLink.create, { token: o.token, body: { destination, utm_source: 'news', utm_medium: 'email', utm_campaign: 'secret', campaign_id } });
    expect(r.body.code, r.body.msg).toBe(100);
    return r.body.data.id;
  };
  linkFx.aLink = await made(a, 'https://alpha-secret.example.com/secret-tea', campaignFx.aCampaign);
  linkFx.bLink = await made(b, `${linkFx.bHome}/gone`, null);
});

/** Smart Send flows of both stores; A's welcome flow is published and carries A's coupon. */
const flowFx = {
  aFlow: '', bFlow: '',
  bDefinition: () => ({
    steps: [{ key: 'hello', type: 'email', title: 'Bravo', summary: '', content: sendFx.bDoc, coupon_id: null }],
    exit_on_purchase: false, utm: { source: 'storecast', medium: 'email', campaign: 'bravo' },
  }),
};
beforeAll(async () => {
  const ok = async <T>(p: Promise<{ body: { code: number; msg: string; data: T } }>) => {
    const r = await p;
    expect(r.body.code, r.body.msg).toBe(100);
    return r.body.data;
  };
  flowFx.aFlow = (await ok(t.call(api.automation.flows, { token: a.token }))).flows.find((f) => f.kind === 'welcome')!.id;
  const aDefinition = {
    steps: [{ key: 'alpha', type: 'email' as const, title: 'Alpha Secret Tea', summary: '', content: brandFx.doc as never, coupon_id: brandFx.aCoupon }],
    exit_on_purchase: false, utm: { source: 'storecast', medium: 'email', campaign: 'alpha-secret' },
  };
  await ok(t.call(api.automation.saveFlow, { token: a.token, body: { id: flowFx.aFlow, definition: aDefinition } }));
  await ok(t.call(api.automation.publishFlow, { token: a.token, body: { id: flowFx.aFlow } }));
  flowFx.bFlow = (await ok(t.call(api.automation.flows, { token: b.token }))).flows.find((f) => f.kind === 'welcome')!.id;
});

/** Marketing plans and order exports of both stores. */
const calendarFx = { aPlan: '', bPlan: '', bPlanToDelete: '', aOrderExport: '', bOrderExport: '' };
beforeAll(async () => {
  const plan = async (token: string, holiday: string) =>
    (await t.call(api.calendar.save, { token, body: { starts_on: '2026-11-20', ends_on: '2026-11-30', holiday } })).body.data.id;
  calendarFx.aPlan = await plan(a.token, 'Alpha Secret Tea');
  calendarFx.bPlan = await plan(b.token, 'Bravo plan');
  calendarFx.bPlanToDelete = await plan(b.token, 'Bravo plan to delete');
  const orderExport = async (shopId: string) => (await t.deps.dbh.db.insert(exports).values({
    shopId, kind: 'orders', format: 'csv', filter: { from: '2026-03-01', to: '2026-03-31', locale: 'en-US' }, status: 'completed', filePath: '/nonexistent',
  }).returning({ id: exports.id }))[0]!.id;
  calendarFx.aOrderExport = await orderExport(a.shopId);
  calendarFx.bOrderExport = await orderExport(b.shopId);
});

/** Products and Element Sends of both stores, the products named alike ('tea-1'..'tea-7'). */
const elementFx = { aElement: '', bElement: '' };
beforeAll(async () => {
  const seed = async (o: Owner, title: string) => {
    await t.deps.dbh.db.insert(products).values(Array.from({ length: 7 }, (_, i) => ({
      shopId: o.shopId, externalId: `tea-${i + 1}`, handle: `tea-${i + 1}`, title: `${title} ${i + 1}`, price: 100, currency: 'USD',
    })));
    const res = await t.call(api.element.match, { token: o.token, body: { products: ['tea-1', 'tea-2', 'tea-3', 'tea-4', 'tea-5', 'tea-6'] } });
    expect(res.body.code, res.body.msg).toBe(100);
    return res.body.data.strategy_id;
  };
  elementFx.aElement = await seed(a, 'Alpha Secret Tea');
  elementFx.bElement = await seed(b, 'Bravo Tea');
  // A's blocked list holds a product of its own that B's catalogue also has an id for.
  expect((await t.call(api.catalogue.block, { token: a.token, body: { product_ids: ['tea-7'] } })).body.code).toBe(100);
  // A failed product of B's, so B's retry has something to retry.
  await t.deps.dbh.db.update(strategyElements).set({ status: 'failed', failure: 'errors.element.productGone' })
    .where(and(eq(strategyElements.strategyId, elementFx.bElement), eq(strategyElements.slot, 0)));
});

/** Cards, a bought pack and a payment of each store; B's own setup intent for its set-payment-method sample. */
const billingFx = { aPack: '', aPayment: '', aSetupIntent: '', bPack: '', bPayment: '', bSetupIntent: '' };
/** An open invitation of B's, two people managing B's stores, and a second store of B's to transfer. */
const accessFx = { aInvitation: '', bInvitation: '', bManager: '', bSecondStore: '', bHeir: '' };
beforeAll(async () => {
  const ok = <T>(r: { body: { code: number; msg: string; data: T } }) => {
    expect(r.body.code, r.body.msg).toBe(100);
    return r.body.data;
  };
  const saveCard = async (o: Owner) => {
    const setup = ok(await t.call(api.billing.getSetupIntent, { token: o.token }));
    const id = setup.client_secret.split('_secret_')[0]!;
    const confirmed = await fakeStripe.confirmCardSetupDirect(id, CARD_OK);
    expect(confirmed.error).toBeUndefined();
    ok(await t.call(api.billing.setPaymentMethod, { token: o.token, body: { setup_intent_id: id } }));
    return id;
  };
  const buyPack = async (o: Owner) => {
    const paid = ok(await t.call(api.billing.purchasePack, { token: o.token, body: { offer_id: 'pack-5k', is_auto_renew: false } }));
    expect(paid.status).toBe('succeeded');
    const packs = ok(await t.call(api.billing.renewList, { token: o.token }));
    return { payment: paid.payment_id, pack: packs.find((p) => p.kind === 'purchase')!.id };
  };
  billingFx.aSetupIntent = await saveCard(a);
  ({ payment: billingFx.aPayment, pack: billingFx.aPack } = await buyPack(a));
  billingFx.bSetupIntent = await saveCard(b);
  ({ payment: billingFx.bPayment, pack: billingFx.bPack } = await buyPack(b));

  accessFx.bInvitation = ok(await t.call(api.access.invite, { token: b.token, body: { email: 'pending@bravo.example.com', shop_ids: [b.shopId] } })).id;
  const person = async () => ok(await t.call(api.auth.info, { token: (await signUp(t, { store: false })).token })).manager_info.manager_id;
  accessFx.bManager = await person();
  accessFx.bHeir = await person();
  accessFx.bSecondStore = ok(await t.call(api.shop.connect, {
    token: b.token, body: { platform: 'custom', name: 'Bravo Two', homepage_url: 'https://bravo-two.example.com', currency: 'USD', timezone: 'UTC' },
  })).shop_id;
  ok(await t.call(api.shop.switchStore, { token: b.token, body: { shop_id: b.shopId } }));
  await t.deps.dbh.db.insert(shopMembers).values([
    { shopId: b.shopId, userId: accessFx.bManager, role: 'manager' },
    { shopId: accessFx.bSecondStore, userId: accessFx.bHeir, role: 'manager' },
  ]);
  await setMembership(b.shopId, 0);
});

/** A file in B's upload folder, for B's import sample. */
function uploadOfB(): string {
  return uploadOf(b);
}

/** A file in an owner's upload folder, as the upload route leaves it. */
function uploadOf(o: Owner): string {
  const id = randomUUID();
  const dir = path.join(t.deps.config.dataDir, 'uploads', o.shopId);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, id), 'email\nguest3@bravo.example.com\n');
  writeFileSync(path.join(dir, `${id}.json`), JSON.stringify({ id, fileName: 'bravo.csv', kind: 'csv', size: 32 }));
  return id;
}

describe('store isolation on every store-scoped route', () => {
  it('finds the store routes from the registered routes', () => {
    expect(shopRoutes.length).toBeGreaterThanOrEqual(4);
    expect(shopRoutes.map(key)).toContain('POST /shop/save-info');
  });

  it('has a sample request for every store route, and none for routes that are gone', () => {
    const enumerated = shopRoutes.map(key).sort();
    const missing = enumerated.filter((k) => !SAMPLES[k]);
    expect(missing, 'add a sample request for these store routes to cross-store.test.ts').toEqual([]);
    expect(Object.keys(SAMPLES).sort()).toEqual(enumerated);
  });

  // A full read of A's store (every read route of A's) follows every eighth write and the routes'
  // end: a route that changed A's data is caught at the next comparison, which names every route
  // called since the last one. A read after each write made the file's longest part eight times
  // as long and caught nothing more. Each walk calls every store route; the limit is there to end
  // a stall on a loaded machine, not to time the walk.
  it('a session of B never sees A\'s data and never changes it', { timeout: WALK_TIMEOUT_MS }, async () => {
    const secrets = await secretsOfA();
    expect(secrets.length).toBeGreaterThan(5);
    const unchanged = await watchA();
    let writes = 0;
    for (const [i, route] of shopRoutes.entries()) {
      const sample = SAMPLES[key(route)]!(a);
      const res = await t.call(route, { token: b.token, body: sample.body, query: { shop_id: a.shopId, ...sample.query } });
      expect(res.body.code, `${key(route)} must accept B's sample request: ${res.body.msg}`).toBe(100);
      const text = JSON.stringify(res.body);
      for (const s of secrets) expect(text, `${key(route)} leaked A's "${s}"`).not.toContain(s);
      if (sample.writes) writes += 1;
      await unchanged(key(route), (sample.writes && writes % COMPARE_EVERY === 0) || i === shopRoutes.length - 1);
    }
  });

  it('names every id-taking store route in the foreign-id requests, or says why not', () => {
    const taking = shopRoutes.filter((r) => idKeysOf(r).length).map(key).sort();
    expect(taking.length).toBeGreaterThan(40);
    expect([...Object.keys(FOREIGN), ...Object.keys(NOT_FOREIGN)].sort()).toEqual(taking);
  });

  // The pass above carries B's own ids where a route must find a row; this one gives A's ids to
  // every route that takes one, so a read or write that trusted an id over the session is caught.
  it('a session of B given A\'s ids finds nothing of A and changes nothing', { timeout: WALK_TIMEOUT_MS }, async () => {
    const secrets = await secretsOfA();
    const unchanged = await watchA();
    const routes = shopRoutes.filter((r) => FOREIGN[key(r)]);
    // As in the walk above: A's store is read again after every eighth write and at the end.
    let writes = 0;
    for (const [i, route] of routes.entries()) {
      const { body, query } = FOREIGN[key(route)]!();
      const res = await t.call(route, { token: b.token, body, query });
      expect(res.status, `${key(route)} with A's ids: ${res.body.msg}`).toBeLessThan(500);
      const text = JSON.stringify(res.body);
      for (const s of secrets) expect(text, `${key(route)} with A's ids leaked A's "${s}"`).not.toContain(s);
      if (route.method === 'POST') writes += 1;
      await unchanged(`${key(route)} with A's ids`, (route.method === 'POST' && writes % COMPARE_EVERY === 0) || i === routes.length - 1);
    }
  });

  it('B\'s writes land on B\'s store', async () => {
    for (const route of shopRoutes.filter((r) => SAMPLES[key(r)]!(a).writes)) {
      const sample = SAMPLES[key(route)]!(a);
      await t.call(route, { token: b.token, body: sample.body });
    }
    expect((await t.call(api.shop.info, { token: b.token })).body.data).toMatchObject({ shop_id: b.shopId, name: 'Taken Over' });
    expect((await t.call(api.shop.info, { token: a.token })).body.data).toMatchObject({ shop_id: a.shopId, name: 'Alpha Secret Tea' });
  });

  it('every store route refuses a request without a session, or with a forged one (102)', async () => {
    for (const route of shopRoutes) {
      const sample = SAMPLES[key(route)]!(a);
      for (const token of [undefined, 'forged-token']) {
        const res = await t.call(route, { token, body: sample.body, query: sample.query });
        expect(res.status, key(route)).toBe(401);
        expect(res.body.code, key(route)).toBe(102);
      }
    }
  });

  it('every store route refuses a session whose store membership was removed (403)', async () => {
    const c = await owner('Charlie Removed');
    await t.deps.dbh.db.delete(shopMembers).where(eq(shopMembers.userId, c.userId));
    for (const route of shopRoutes) {
      const sample = SAMPLES[key(route)]!(c);
      const res = await t.call(route, { token: c.token, body: sample.body, query: sample.query });
      expect(res.status, key(route)).toBe(403);
      expect(res.body.code, key(route)).toBe(105);
      expect(JSON.stringify(res.body)).not.toContain('Charlie Removed');
    }
    // The session itself still works for account routes, and shows no store role.
    const info = await t.call(api.auth.info, { token: c.token });
    expect(info.body.code).toBe(100);
    expect(info.body.data.manager_info.manager_role).toBe('');
    expect(info.body.data.shop).toBe('');
    expect(await t.call(api.shop.list, { token: c.token })).toMatchObject({ body: { data: [] } });
  });

  it('A\'s store stays out of B\'s list and session user', async () => {
    const secrets = await secretsOfA();
    for (const route of [api.shop.list, api.auth.info]) {
      const text = JSON.stringify((await t.call(route, { token: b.token, query: { shop_id: a.shopId } })).body);
      for (const s of secrets) expect(text, `${key(route)} leaked A's "${s}"`).not.toContain(s);
    }
  });
});

describe('store isolation on every store-API-token route', () => {
  const tokenRoutes = () => t.app[REGISTERED].filter((r) => r.access === 'api-token');

  it('has a sample batch for every token route', () => {
    expect(tokenRoutes().length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(TOKEN_SAMPLES).sort()).toEqual(tokenRoutes().map(key).sort());
  });

  it('a token of B never sees or changes A\'s data, even with A\'s ids and addresses', async () => {
    const secrets = await secretsOfA();
    expect(JSON.stringify(await snapshotOfA())).toContain('vip@alpha-secret.example.com');
    const unchanged = await watchA();
    for (const route of tokenRoutes()) {
      const res = await t.call(route, { token: fx.bKey, body: TOKEN_SAMPLES[key(route)]!() });
      expect(res.body.code, `${key(route)}: ${res.body.msg}`).toBe(100);
      const text = JSON.stringify(res.body);
      for (const s of secrets) expect(text, `${key(route)} leaked A's "${s}"`).not.toContain(s);
      await unchanged(key(route), true);
    }
    // What B sent landed in B's store.
    const bList = await t.call(api.audience.subscriberList, { token: b.token, query: { q: 'vip@alpha-secret.example.com' } });
    expect(bList.body.data.items).toHaveLength(1);
    expect(bList.body.data.items[0]!.id).not.toBe(fx.aSubscriber);
  });

  it('every token route refuses a missing, forged, revoked or admin token (401, code 101)', async () => {
    const revoked = (await t.call(api.apiToken.create, { token: b.token, body: { name: 'Gone' } })).body.data;
    await t.call(api.apiToken.revoke, { token: b.token, body: { id: revoked.id } });
    for (const route of tokenRoutes()) {
      for (const token of [undefined, 'sk_forged', revoked.token, b.token]) {
        const res = await t.call(route, { token, body: TOKEN_SAMPLES[key(route)]!() });
        expect(res.status, key(route)).toBe(401);
        expect(res.body.code, key(route)).toBe(101);
      }
    }
  });
});

describe('store isolation in the files a store downloads', () => {
  // No worker runs in this file: the records are made through the API and then run by the same
  // services the worker's jobs call.
  const download = (token: string, p: string, id: string) =>
    t.app.inject({ url: `/api${p}?id=${id}`, headers: { authorization: `Bearer ${token}` } });
  const finishImportsOf = async (shopId: string) => {
    const open = await t.deps.dbh.db.select({ id: imports.id }).from(imports)
      .where(and(eq(imports.shopId, shopId), eq(imports.status, 'in_progress')));
    for (const r of open) await runImport(t.deps, r.id);
  };
  const day = 86_400_000;
  const recent = { subscribed_from: new Date(Date.now() - 20 * day).toISOString(), subscribed_to: new Date(Date.now() + day).toISOString() };

  /** The text of a store's export: the CSV as it is, the xlsx's cells joined. */
  async function exportText(owner: Owner, format: 'csv' | 'xlsx') {
    const res = await t.call(api.audience.exportStart, { token: owner.token, body: { format, filter: recent } });
    expect(res.body.code, res.body.msg).toBe(100);
    await runExport(t.deps, res.body.data.export_id);
    const file = await download(owner.token, DOWNLOAD_PATHS.exportFile, res.body.data.export_id);
    expect(file.statusCode).toBe(200);
    // The other store cannot fetch it.
    expect((await download(owner === a ? b.token : a.token, DOWNLOAD_PATHS.exportFile, res.body.data.export_id)).statusCode).toBe(404);
    if (format === 'csv') return file.body;
    const wb = XLSX.read(file.rawPayload, { type: 'buffer' });
    return XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 }).map((r) => r.join(',')).join('\n');
  }

  it('an export holds the store\'s own subscribers and tags, and nothing of the other store', async () => {
    await t.call(api.audience.subscriberBulk, { token: b.token, body: { action: 'tag', tag_id: fx.bTag, ids: [fx.bSubscriber] } });
    // B's own rows carry A's domain (B's samples sent A's addresses into B's store), so the file is
    // held to B's own subscriber list instead, and to every other secret of A.
    const secrets = (await secretsOfA()).filter((x) => x !== 'alpha-secret.example.com');
    const emailsOf = async (o: Owner) => (await t.call(api.audience.subscriberList, { token: o.token, query: {} })).body.data.items.map((r) => r.email).sort();
    const fileEmails = (text: string) => text.replace(/^\ufeff/, '').trim().split(/\r?\n/).slice(1).map((l) => l.split(',')[0]).sort();
    for (const format of ['csv', 'xlsx'] as const) {
      const ofA = await exportText(a, format);
      expect(ofA).toMatch(/vip@alpha-secret\.example\.com,[^\n]*,Alpha Secret Tea/);
      expect(ofA).not.toContain('bravo');
      expect(ofA).not.toContain('Bravo');
      expect(fileEmails(ofA)).toEqual(await emailsOf(a));
      const ofB = await exportText(b, format);
      expect(fileEmails(ofB)).toEqual(await emailsOf(b));
      expect(ofB).toMatch(/guest@bravo\.example\.com,[^\n]*,Bravo/);
      for (const secret of secrets) expect(ofB, `B's ${format} export leaked A's "${secret}"`).not.toContain(secret);
      expect(ofB).not.toContain('Alpha');
    }
  });

  it('an import error list holds the store\'s own rows only', async () => {
    await finishImportsOf(b.shopId);
    const up = await t.call(api.audience.importUpload, { token: b.token, body: multipartBody('bravo-bad.csv', 'email,name\nnot-an-address-bravo,Bravo Bad\nguest5@bravo.example.com,Bravo Good\n') });
    expect(up.body.code, up.body.msg).toBe(100);
    const start = await t.call(api.audience.importStart, { token: b.token, body: { upload_id: up.body.data.upload_id, mapping: { email: 'email' } } });
    expect(start.body.code, start.body.msg).toBe(100);
    await finishImportsOf(b.shopId);
    const file = await download(b.token, DOWNLOAD_PATHS.importErrors, start.body.data.import_id);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('not-an-address-bravo,Bravo Bad');
    expect(file.body).not.toContain('guest5@bravo.example.com');
    for (const secret of await secretsOfA()) expect(file.body, `B's error list leaked A's "${secret}"`).not.toContain(secret);
    // A's error list, with A's rows, is not B's to read.
    const ofA = await download(b.token, DOWNLOAD_PATHS.importErrors, transferFx.aImport);
    expect(ofA.statusCode).toBe(404);
    expect(ofA.body).not.toContain('alpha-secret');
    expect((await download(a.token, DOWNLOAD_PATHS.importErrors, transferFx.aImport)).body).toContain('vip@alpha-secret');
  });
});
