import { api } from '@storecast/contract';
import { billingAccounts, shops, vipServices } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../../test/start-test-app.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

const DAY = 86_400_000;
const setCurrency = (shopId: string, currency: string) => t.deps.dbh.db.update(shops).set({ currency }).where(eq(shops.id, shopId));

describe('what is on sale, priced in the store currency', () => {
  it('lists packs and membership in USD, JPY (no decimals) and EUR', async () => {
    const { token, shopId } = await signUp(t);
    const packs = await t.call(api.billing.packList, { token });
    expect(packs.body.data[0]).toEqual({ id: 'pack-5k', quantity: 5000, validity_days: 90, price: { amount_minor: 900, currency: 'USD' } });
    expect(packs.body.data).toHaveLength(4);

    await setCurrency(shopId, 'JPY');
    const yen = (await t.call(api.billing.packList, { token })).body.data;
    // $9 at 150 yen, whole yen with no minor unit.
    expect(yen[0]!.price).toEqual({ amount_minor: 1350, currency: 'JPY' });

    await setCurrency(shopId, 'EUR_DOT');
    const eur = (await t.call(api.billing.packList, { token })).body.data;
    // $9 * 0.92 = 8.28, rounded up to a whole euro.
    expect(eur[0]!.price).toEqual({ amount_minor: 900, currency: 'EUR' });
    expect(eur[1]!.price).toEqual({ amount_minor: 2700, currency: 'EUR' });

    const vip = (await t.call(api.billing.vipList, { token })).body.data;
    expect(vip.map((v) => [v.level, v.months])).toEqual([[1, 1], [1, 12], [2, 1], [2, 12], [3, 1], [3, 12]]);
    // Level 1 yearly: 10 months of $19 = $190 -> 174.8 EUR -> 175 EUR.
    expect(vip[1]).toMatchObject({ price: { amount_minor: 17500, currency: 'EUR' }, features: ['smartSend', 'popupCentre'] });
    expect(vip[5]!.features).toEqual(['smartSend', 'popupCentre', 'elementSend', 'aiWriter']);

    // A currency the price book has no rate for pays in US dollars.
    await setCurrency(shopId, 'XYZ');
    expect((await t.call(api.billing.packList, { token })).body.data[0]!.price.currency).toBe('USD');
  });

  it('says payments are not configured, and the header shows the unit price and the saved card', async () => {
    const { token, shopId } = await signUp(t);
    expect((await t.call(api.billing.paymentConfig, { token })).body.data).toEqual({ configured: false, publishable_key: '', js_url: '' });

    let data = (await t.call(api.billing.enableData, { token })).body.data;
    // The cheapest pack per mail: $449 for 500k = 89.8 cents per thousand.
    expect(data.email_unit_price).toBe(89.8);
    expect(data.payment_method).toBe('');
    await t.deps.dbh.db.insert(billingAccounts).values({ shopId, customerId: `cus_${shopId}`, cardBrand: 'visa', cardLast4: '4242' });
    await setCurrency(shopId, 'JPY');
    data = (await t.call(api.billing.enableData, { token })).body.data;
    expect(data.payment_method).toBe('visa •••• 4242');
    expect(data.email_unit_price).toBe(134.7);
  });

  it('answers the card form settings when Stripe is configured', async () => {
    const configured = await startTestApp({
      stripe: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x', jsUrl: 'https://js.example/v3/', timeoutMs: 1000 },
    });
    try {
      const { token } = await signUp(configured);
      expect((await configured.call(api.billing.paymentConfig, { token })).body.data)
        .toEqual({ configured: true, publishable_key: 'pk_test_x', js_url: 'https://js.example/v3/' });
    } finally {
      await configured.close();
    }
  });
});

describe('upgrade quote', () => {
  it('credits the unused days of the running term', async () => {
    const { token, shopId } = await signUp(t);
    const quote = (level: number, months: number) => t.call(api.billing.upgradePrice, { token, query: { level: String(level), months: String(months) } });

    // The free level has no term to upgrade.
    expect((await quote(2, 1)).body.msg).toMatch(/cannot be upgraded/);

    const now = Date.now();
    await t.deps.dbh.db.update(vipServices).set({
      level: 1, months: 1, beginAt: new Date(now - 10 * DAY), endAt: new Date(now + 20 * DAY), paidMinor: 1900, currency: 'USD',
    }).where(eq(vipServices.shopId, shopId));
    const up = await quote(2, 1);
    expect(up.status).toBe(200);
    // 30-day term with 20 days left: credit floor(1900 / 30 * 20) = 1266 off $49.
    expect(up.body.data).toEqual({
      price: { amount_minor: 4900 - 1266, currency: 'USD' },
      upgrade_cost: { amount_minor: 4900, currency: 'USD' },
      credit: { amount_minor: 1266, currency: 'USD' },
      term_days: 30,
      days_remaining: 20,
    });
    // Same level, longer term: allowed. Same level and term, or lower: not higher.
    expect((await quote(1, 12)).body.data.upgrade_cost.amount_minor).toBe(19000);
    const same = await quote(1, 1);
    expect([same.status, same.body.msg]).toEqual([409, 'Please choose a higher level, or a longer term at the same level.']);
    const zh = await t.call(api.billing.upgradePrice, { token, lang: 'zh-CN', query: { level: '1', months: '1' } });
    expect(zh.body.msg).toBe('请选择更高的等级，或同等级更长的期限。');
    // A higher level for a shorter term is no upgrade: from a year, the credit could exceed the price.
    await t.deps.dbh.db.update(vipServices).set({ months: 12, endAt: new Date(now + 355 * DAY), paidMinor: 19000 }).where(eq(vipServices.shopId, shopId));
    expect((await quote(3, 1)).status).toBe(409);
    expect((await quote(3, 12)).status).toBe(200);
    await t.deps.dbh.db.update(vipServices).set({ months: 1, endAt: new Date(now + 20 * DAY), paidMinor: 1900 }).where(eq(vipServices.shopId, shopId));
    // Neither a term other than 1 or 12 months, nor hostile input, reaches the quote.
    expect((await quote(2, 3)).status).toBe(400);
    expect((await t.call(api.billing.upgradePrice, { token, query: { level: '9'.repeat(400), months: '1' } })).status).toBe(400);

    // An ended term cannot be upgraded; the top level monthly may still move to yearly, the top plan not.
    await t.deps.dbh.db.update(vipServices).set({ endAt: new Date(now - DAY) }).where(eq(vipServices.shopId, shopId));
    expect((await quote(3, 12)).body.msg).toMatch(/cannot be upgraded/);
    await t.deps.dbh.db.update(vipServices).set({ level: 3, endAt: new Date(now + 20 * DAY) }).where(eq(vipServices.shopId, shopId));
    expect((await quote(3, 12)).status).toBe(200);
    await t.deps.dbh.db.update(vipServices).set({ months: 12 }).where(eq(vipServices.shopId, shopId));
    const top = await quote(3, 12);
    expect([top.status, top.body.msg]).toEqual([409, 'This membership cannot be upgraded: it has expired or is already at the top level.']);
  });
});
