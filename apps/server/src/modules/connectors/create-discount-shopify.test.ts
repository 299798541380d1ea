import { api } from '@storecast/contract';
import { orders, platformDiscounts, platformWebhooks, shops } from '@storecast/db';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeShopify, routeShopifyToFake, startFakeShopify } from '../../test/fake-shopify/start-fake-shopify.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { waitFor } from '../delivery/test/fixtures.ts';
import { platformWebhookJob } from './apply-platform-webhooks-job.ts';
import { createDueDiscountCodes, discountCodesJob } from './create-discount-codes.ts';
import { createDiscountShopify } from './create-discount-shopify.ts';
import { mapShopifyOrder } from './map-shopify-bulk.ts';
import { shopifyAdmin } from './run-bulk-query.ts';
import { claimSyncs, queueFirstSync, runClaimedSync } from './sync-platform-store.ts';
import { linkFakeShopify } from './test/sync-fixtures.ts';

/**
 * Coupons become discount codes on a fake Shopify on loopback (its Admin GraphQL, throttling
 * included), and an order that used one comes back with its code, by webhook and by the first sync.
 */
const SECRET = 'shopify-app-secret';
let t: TestApp;
let fake: FakeShopify;
let unroute: () => void;
let to = '';
let stopJob: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeShopify({ apiKey: 'shopify-key', apiSecret: SECRET, shop: 'coupon-tea.myshopify.com' });
  unroute = routeShopifyToFake(fake);
  t = await startTestApp({ platformApps: { shopify: { apiKey: 'shopify-key', apiSecret: SECRET } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  to = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/platforms/shopify/webhooks`;
  stopJob = await platformWebhookJob.start(t.deps, t.app.log);
}, 60_000);
afterAll(async () => {
  await stopJob?.();
  unroute?.();
  await t?.close();
  await fake?.close();
});

const db = () => t.deps.dbh.db;
const adminOf = (f: FakeShopify) => shopifyAdmin({ shop: f.shop, accessToken: f.createAccessToken() });

describe('the connector: discountCodeBasicCreate', () => {
  it('creates the code with its value and limits, and a retry makes no second one', async () => {
    const admin = adminOf(fake);
    const startsAt = new Date('2026-12-01T00:00:00Z');
    const endsAt = new Date('2026-12-31T00:00:00Z');
    const input = { code: 'LUCKY-7', title: 'Lucky draw', percentOff: 15, usageLimit: 1, oncePerCustomer: true, startsAt, endsAt };
    const first = await createDiscountShopify(admin, input);
    expect(first).toMatchObject({ created: true, id: expect.stringMatching(/^gid:\/\/shopify\/DiscountCodeNode\/\d+$/) });
    const again = await createDiscountShopify(admin, input);
    expect(again).toEqual({ id: first.id, created: false });
    const made = fake.store.discounts.filter((d) => d.code === 'LUCKY-7');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      title: 'Lucky draw', percentage: 0.15, amount: null, usageLimit: 1, appliesOncePerCustomer: true,
      startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-31T00:00:00.000Z',
    });

    const amount = await createDiscountShopify(admin, { code: 'TENOFF', title: 'Ten off', amountOff: '10.00', startsAt });
    expect(amount.created).toBe(true);
    expect(fake.store.discounts.find((d) => d.code === 'TENOFF')).toMatchObject({
      percentage: null, amount: { amount: '10.00', appliesOnEachItem: false }, usageLimit: null, appliesOncePerCustomer: false, endsAt: null,
    });
  });

  it('a throttled shop (429s, then an empty bucket) still ends with exactly one code', async () => {
    const slow = await startFakeShopify({ shop: 'throttled-coupons.myshopify.com' });
    const unrouteSlow = routeShopifyToFake(slow);
    try {
      slow.throttle.configure({ maximumAvailable: 12, restoreRate: 20 });
      slow.throttle.drain();
      slow.throttle.answer429(2, 1);
      const made = await createDiscountShopify(adminOf(slow), { code: 'SLOW10', title: 'Slow', percentOff: 10, startsAt: new Date() });
      expect(made.created).toBe(true);
      expect(slow.requests.filter((r) => r.status === 429)).toHaveLength(2);
      expect(slow.store.discounts.map((d) => d.code)).toEqual(['SLOW10']);
    } finally {
      unrouteSlow();
      await slow.close();
    }
  }, 30_000);
});

describe('coupon presets of a Shopify store', () => {
  it('become codes on Shopify once, a code made there already is kept, and a store not on Shopify is left alone', async () => {
    const owner = await signUp(t, { name: 'Coupon Tea' });
    await linkFakeShopify(t, owner.shopId, fake);
    const other = await signUp(t, { name: 'Custom Tea' });
    let welcomeId = '';
    for (const [o, code] of [[owner, 'WELCOME15'], [other, 'CUSTOM15']] as const) {
      const saved = await t.call(api.brand.savePreset, { token: o.token, body: { code, discount: 15, description: 'Sign-up gift' } });
      expect(saved.body.code).toBe(100);
      if (o === owner) welcomeId = saved.body.data!.id;
    }
    // The owner made this one by hand on Shopify before saving it here.
    await createDiscountShopify(adminOf(fake), { code: 'HANDMADE', title: 'By hand', percentOff: 5, startsAt: new Date() });
    await t.call(api.brand.savePreset, { token: owner.token, body: { code: 'handmade', discount: 8, description: '' } });

    expect(await createDueDiscountCodes(t.deps)).toBe(2);
    // A second pass (a retry, another worker) finds nothing to do.
    expect(await createDueDiscountCodes(t.deps)).toBe(0);
    const welcome = fake.store.discounts.filter((d) => d.code === 'WELCOME15');
    expect(welcome).toHaveLength(1);
    expect(welcome[0]).toMatchObject({ title: 'Sign-up gift', percentage: 0.15, appliesOncePerCustomer: true, usageLimit: null });
    // Kept, and taking off what the preset promises.
    expect(fake.store.discounts.filter((d) => d.code.toUpperCase() === 'HANDMADE').map((d) => [d.title, d.percentage])).toEqual([['By hand', 0.08]]);
    expect(fake.store.discounts.some((d) => d.code === 'CUSTOM15')).toBe(false);

    const rows = await db().select().from(platformDiscounts).where(eq(platformDiscounts.shopId, owner.shopId));
    expect(rows.map((r) => [r.code, r.status]).sort()).toEqual([['HANDMADE', 'created'], ['WELCOME15', 'created']]);
    expect(rows.find((r) => r.code === 'WELCOME15')?.platformId).toBe(`gid://shopify/DiscountCodeNode/${welcome[0]!.id}`);
    expect(await db().select().from(platformDiscounts).where(eq(platformDiscounts.shopId, other.shopId))).toEqual([]);

    // The owner changes the preset's discount: the same code on Shopify takes off the new value.
    await t.call(api.brand.savePreset, { token: owner.token, body: { id: welcomeId, code: 'WELCOME15', discount: 20, description: 'Sign-up gift' } });
    expect(await createDueDiscountCodes(t.deps)).toBe(1);
    expect(fake.store.discounts.filter((d) => d.code === 'WELCOME15').map((d) => d.percentage)).toEqual([0.2]);
    // Deleted on Shopify meanwhile, a change makes it again.
    fake.store.discounts.splice(fake.store.discounts.findIndex((d) => d.code === 'WELCOME15'), 1);
    await t.call(api.brand.savePreset, { token: owner.token, body: { id: welcomeId, code: 'WELCOME15', discount: 25, description: 'Sign-up gift' } });
    expect(await createDueDiscountCodes(t.deps)).toBe(1);
    const remade = fake.store.discounts.filter((d) => d.code === 'WELCOME15');
    expect(remade.map((d) => d.percentage)).toEqual([0.25]);
    const [after] = await db().select().from(platformDiscounts).where(and(eq(platformDiscounts.shopId, owner.shopId), eq(platformDiscounts.code, 'WELCOME15')));
    expect(after).toMatchObject({ status: 'created', discount: 25, platformId: `gid://shopify/DiscountCodeNode/${remade[0]!.id}` });
    expect(await createDueDiscountCodes(t.deps)).toBe(0);
  });

  it('the worker\'s job makes a saved preset a code on Shopify within seconds', async () => {
    const owner = await signUp(t, { name: 'Job Tea' });
    const shop = await startFakeShopify({ shop: 'job-tea.myshopify.com' });
    const unrouteShop = routeShopifyToFake(shop);
    const stop = await discountCodesJob.start(t.deps, t.app.log);
    try {
      await linkFakeShopify(t, owner.shopId, shop);
      await t.call(api.brand.savePreset, { token: owner.token, body: { code: 'SPIN-WIN', discount: 12.5, description: 'Lucky draw' } });
      // The job looks every 2 s; a code not there within 10 s fails the wait.
      await waitFor(async () => shop.store.discounts.length > 0, 10_000);
      expect(shop.store.discounts.map((d) => [d.code, d.percentage, d.title])).toEqual([['SPIN-WIN', 0.125, 'Lucky draw']]);
    } finally {
      await stop();
      unrouteShop();
      await shop.close();
    }
  });

  it('a code Shopify refuses is recorded as failed and not tried again at once', async () => {
    const owner = await signUp(t, { name: 'Refused Tea' });
    const refusing = await startFakeShopify({ shop: 'refusing-tea.myshopify.com' });
    const unrouteRefusing = routeShopifyToFake(refusing);
    try {
      await linkFakeShopify(t, owner.shopId, refusing);
      // 300 characters of code: Shopify's limit is 255; the preset's is 40, so written straight in.
      await t.deps.dbh.query(`insert into coupons (shop_id, code, discount) values ($1, $2, 10)`, [owner.shopId, 'X'.repeat(300)]);
      expect(await createDueDiscountCodes(t.deps)).toBe(1);
      const [row] = await db().select().from(platformDiscounts).where(eq(platformDiscounts.shopId, owner.shopId));
      expect(row).toMatchObject({ status: 'failed', attempts: 1, platformId: null, error: expect.stringContaining('refused: Code is too long') });
      expect(row!.retryAt!.getTime()).toBeGreaterThan(Date.now());
      expect(await createDueDiscountCodes(t.deps)).toBe(0);
    } finally {
      unrouteRefusing();
      await refusing.close();
    }
  });
});

describe('codes lucky draws give winners of their own', () => {
  it('become single-use codes on Shopify from their prize\'s preset, kept when the preset changes later', async () => {
    const owner = await signUp(t, { name: 'Draw Tea' });
    const shop = await startFakeShopify({ shop: 'draw-tea.myshopify.com' });
    const unrouteShop = routeShopifyToFake(shop);
    try {
      await linkFakeShopify(t, owner.shopId, shop);
      const preset = await t.call(api.brand.savePreset, { token: owner.token, body: { code: 'SPIN15', discount: 15, description: 'Spin prize' } });
      const label = { 'zh-CN': '八五折', 'en-US': '15% off' };
      const prizes = [
        { kind: 'coupon', label, probability: 100, stock: 10, coupon_preset_id: preset.body.data!.id },
        { kind: 'none', label: { 'zh-CN': '谢谢', 'en-US': 'Thanks' }, probability: 0 },
      ];
      const saved = await t.call(api.campaign.save, { token: owner.token, body: { campaign: {
        name: 'Spin', type: 'lucky_draw', form: 'spin_wheel', unique_codes: true, draw: { identity: 'visitor', period: 'once', prizes },
      } as never } });
      const id = saved.body.data!.campaign.id;
      await t.call(api.campaign.enable, { token: owner.token, body: { id } });
      const [store] = await db().select({ key: shops.publicKey, home: shops.homepageUrl }).from(shops).where(eq(shops.id, owner.shopId));
      const won: string[] = [];
      for (const visitor of ['visitor-000000000001', 'visitor-000000000002']) {
        const res = await t.app.inject({
          method: 'POST', url: '/api/public/campaign/draw', payload: JSON.stringify({ key: store!.key, campaign_id: id, visitor_id: visitor }),
          headers: { origin: new URL(store!.home).origin, 'content-type': 'text/plain;charset=UTF-8' },
        });
        won.push(res.json().data.coupon.code);
      }
      expect(won.every((c) => /^SPIN15-[A-Z2-9]{8}$/.test(c))).toBe(true);

      expect(await createDueDiscountCodes(t.deps)).toBe(3);
      expect(await createDueDiscountCodes(t.deps)).toBe(0);
      const made = (code: string) => shop.store.discounts.filter((d) => d.code === code);
      for (const code of won) {
        expect(made(code).map((d) => [d.title, d.percentage, d.usageLimit, d.appliesOncePerCustomer])).toEqual([['Spin prize', 0.15, 1, true]]);
      }
      expect(made('SPIN15').map((d) => [d.percentage, d.usageLimit])).toEqual([[0.15, null]]);

      // The preset changes: its own code follows, the codes already won keep what they promised.
      await t.call(api.brand.savePreset, { token: owner.token, body: { id: preset.body.data!.id, code: 'SPIN15', discount: 20, description: 'Spin prize' } });
      expect(await createDueDiscountCodes(t.deps)).toBe(1);
      expect(made('SPIN15').map((d) => d.percentage)).toEqual([0.2]);
      expect(won.map((code) => made(code)[0]!.percentage)).toEqual([0.15, 0.15]);
    } finally {
      unrouteShop();
      await shop.close();
    }
  });
});

describe('redemption comes back with the orders', () => {
  it('an order webhook that used the code records it on the order, and a later update without codes keeps it', async () => {
    const owner = await signUp(t, { name: 'Redeeming Tea' });
    await t.deps.dbh.query(`delete from platform_connections where shop_domain = $1`, [fake.shop]);
    await linkFakeShopify(t, owner.shopId, fake);
    await t.call(api.brand.savePreset, { token: owner.token, body: { code: 'WELCOME15', discount: 15, description: '' } });
    const now = new Date().toISOString();
    const order = {
      id: 880001, email: 'ada@example.com', currency: 'USD', financial_status: 'paid', cancelled_at: null,
      total_price: '51.00', current_total_price: '51.00', created_at: now, processed_at: now, updated_at: now,
      customer: { id: 77001, email: 'ada@example.com' },
      discount_codes: [{ code: 'welcome15', amount: '9.00', type: 'percentage' }],
      line_items: [{ id: 1, product_id: 632910392, title: 'Oolong', quantity: 2, price: '30.00' }],
    };
    const d = await fake.sendWebhook('orders/paid', order, { to });
    expect(d.status).toBe(200);
    const later = new Date(Date.now() + 1000).toISOString();
    const { discount_codes: _gone, ...withoutCodes } = order;
    expect((await fake.sendWebhook('orders/updated', { ...withoutCodes, updated_at: later }, { to })).status).toBe(200);
    await waitFor(async () => (await db().select().from(platformWebhooks).where(isNull(platformWebhooks.processedAt))).length === 0, 15_000);

    const [row] = await db().select().from(orders).where(and(eq(orders.shopId, owner.shopId), eq(orders.externalId, '880001')));
    expect(row).toMatchObject({ discountCodes: ['welcome15'], total: 5100 });
    // The store's coupon, matched as platforms match codes (without case), counts one redemption.
    const { rows } = await t.deps.dbh.query<{ code: string; redeemed: number }>(
      `select c.code, count(o.id)::int as redeemed from coupons c
       left join orders o on o.shop_id = c.shop_id and upper(c.code) = any(select upper(x) from unnest(o.discount_codes) x)
       where c.shop_id = $1 group by c.code`, [owner.shopId]);
    expect(rows).toEqual([{ code: 'WELCOME15', redeemed: 1 }]);
  });

  it('the first sync brings the codes the fake store\'s orders used', async () => {
    const synced = await startFakeShopify({ shop: 'synced-coupons.myshopify.com', bulkBatchSize: 100 });
    const unrouteSynced = routeShopifyToFake(synced);
    try {
      synced.seed({ customers: 20, orders: 60, products: 5, start: Date.now() - 30 * 86_400_000, spanDays: 30 });
      const owner = await signUp(t, { name: 'Synced Coupons' });
      await linkFakeShopify(t, owner.shopId, synced);
      await queueFirstSync(db(), owner.shopId, 'shopify');
      const [claimed] = await claimSyncs(db(), 60_000, { shopId: owner.shopId, platform: 'shopify' });
      expect(await runClaimedSync(t.deps, claimed!, { leaseMs: 60_000, pollMs: 20 })).toBe('done');
      const want = [...synced.store.orders].filter((o) => o.discountCodes.length).map((o) => String(o.id)).sort();
      expect(want.length).toBeGreaterThan(0);
      const { rows } = await t.deps.dbh.query<{ external_id: string; discount_codes: string[] }>(
        `select external_id, discount_codes from orders where shop_id = $1 and cardinality(discount_codes) > 0 order by external_id`, [owner.shopId]);
      expect(rows.map((r) => r.external_id).sort()).toEqual(want);
      expect(new Set(rows.flatMap((r) => r.discount_codes))).toEqual(new Set(['WELCOME10']));
    } finally {
      unrouteSynced();
      await synced.close();
    }
  }, 60_000);

  it('the first sync reads discountCodes from the bulk rows', () => {
    const mapped = mapShopifyOrder({
      root: { id: 'gid://shopify/Order/5', currencyCode: 'USD', processedAt: '2026-11-01T00:00:00Z', discountCodes: ['WELCOME15', 7, '', 'Y'.repeat(300)], totalPriceSet: { shopMoney: { amount: '10.00' } } },
      children: [],
    });
    expect(mapped.discount_codes).toEqual(['WELCOME15']);
  });
});
