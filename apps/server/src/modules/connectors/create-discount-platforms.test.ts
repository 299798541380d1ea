import { api } from '@storecast/contract';
import { platformConnections, platformDiscounts } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeShoplazza } from '../../test/fake-shoplazza/start-fake-shoplazza.ts';
import type { FakeShopline } from '../../test/fake-shopline/start-fake-shopline.ts';
import type { TestApp } from '../../test/start-test-app.ts';
import { createDueDiscountCodes } from './create-discount-codes.ts';
import { createDiscountShoplazza } from './create-discount-shoplazza.ts';
import { createDiscountShopline, updateDiscountValueShopline } from './create-discount-shopline.ts';
import { installShoplazzaStore, installShoplineStore } from './test/install-from-fakes.ts';
import { type PlatformFakes, startWithPlatformFakes } from './test/start-with-platform-fakes.ts';

/**
 * The coupon presets of Shoplazza and Shopline stores become price rules with one discount code
 * each on the fakes, through the same `platform-discount-codes` pass as Shopify's: made once, a
 * code the store made itself kept and given the preset's value, a changed preset updated in place,
 * and an expired token refreshed on the way.
 */
const LAZZA = 'coupon-tea.myshoplaza.com';
const HANDLE = 'coupon-tea';
let lazza: FakeShoplazza;
let line: FakeShopline;
let t: TestApp;
let k: PlatformFakes;

beforeAll(async () => {
  k = await startWithPlatformFakes({ shoplazza: LAZZA, shopline: HANDLE });
  ({ lazza, line, t } = k);
});
afterAll(() => k?.close());

const discountsOf = (shopId: string) => t.deps.dbh.db.select().from(platformDiscounts).where(eq(platformDiscounts.shopId, shopId));

describe('coupon presets of a Shoplazza store', () => {
  it('become price rules with their code once, a code made there already is kept, a change updates the value', async () => {
    const owner = await installShoplazzaStore(t, lazza, LAZZA);
    const shop = lazza.shop(LAZZA)!;
    // The owner made this one on Shoplazza before saving it here.
    const app = t.deps.config.platformApps.shoplazza!;
    const token = [...shop.tokens.keys()][0]!;
    await createDiscountShoplazza({ app, shop: LAZZA, token }, { code: 'HANDMADE', title: 'By hand', percentOff: 5, startsAt: new Date() });
    const saved = await t.call(api.brand.savePreset, { token: owner.token, body: { code: 'WELCOME15', discount: 15, description: 'Sign-up gift' } });
    expect(saved.body.code).toBe(100);
    await t.call(api.brand.savePreset, { token: owner.token, body: { code: 'handmade', discount: 8, description: '' } });

    expect(await createDueDiscountCodes(t.deps)).toBe(2);
    expect(await createDueDiscountCodes(t.deps)).toBe(0);
    const welcome = shop.discountCodes.filter((d) => d.code === 'WELCOME15');
    expect(welcome).toHaveLength(1);
    const rule = shop.priceRules.find((r) => r.id === welcome[0]!.price_rule_id);
    expect(rule).toMatchObject({
      title: 'Sign-up gift', value_type: 'percentage', value: 15, target_selection: 'all', customer_selection: 'all', once_per_customer: 1, usage_limit: -1,
    });
    // Kept, taking off what the preset promises, and no second price rule left behind it.
    const handmade = shop.discountCodes.filter((d) => String(d.code).toUpperCase() === 'HANDMADE');
    expect(handmade).toHaveLength(1);
    expect(shop.priceRules.find((r) => r.id === handmade[0]!.price_rule_id)).toMatchObject({ title: 'By hand', value: 8 });
    expect(shop.priceRules).toHaveLength(2);
    const rows = await discountsOf(owner.shopId);
    expect(rows.map((r) => [r.platform, r.code, r.status]).sort()).toEqual([['shoplazza', 'HANDMADE', 'created'], ['shoplazza', 'WELCOME15', 'created']]);
    expect(rows.find((r) => r.code === 'WELCOME15')!.platformId).toBe(rule!.id);

    // A changed preset updates the same price rule, through a refreshed token once the old one expired.
    lazza.expireTokens(LAZZA);
    const refreshes = lazza.refreshCount();
    await t.call(api.brand.savePreset, { token: owner.token, body: { id: saved.body.data!.id, code: 'WELCOME15', discount: 20, description: 'Sign-up gift' } });
    expect(await createDueDiscountCodes(t.deps)).toBe(1);
    expect(lazza.refreshCount()).toBe(refreshes + 1);
    expect(shop.priceRules.find((r) => r.id === rule!.id)).toMatchObject({ value: 20 });
    expect((await discountsOf(owner.shopId)).find((r) => r.code === 'WELCOME15')).toMatchObject({ status: 'created', discount: 20 });
  }, 60_000);

  it('a store whose link is not authorised makes no code', async () => {
    const other = 'closed-tea.myshoplaza.com';
    lazza.addShop(other);
    const owner = await installShoplazzaStore(t, lazza, other);
    await t.deps.dbh.db.update(platformConnections).set({ status: 'revoked' }).where(eq(platformConnections.shopId, owner.shopId));
    await t.call(api.brand.savePreset, { token: owner.token, body: { code: 'CLOSED10', discount: 10, description: '' } });
    await createDueDiscountCodes(t.deps);
    expect(lazza.shop(other)!.discountCodes).toEqual([]);
    expect(await discountsOf(owner.shopId)).toEqual([]);
  }, 60_000);
});

describe('coupon presets of a Shopline store', () => {
  it('become price rules with their code once, a code made there already is kept, a change updates the value', async () => {
    const owner = await installShoplineStore(t, line, HANDLE);
    const shop = line.shop(HANDLE)!;
    const app = t.deps.config.platformApps.shopline!;
    const token = [...shop.tokens.keys()][0]!;
    await createDiscountShopline({ app, handle: HANDLE, token }, { code: 'HANDMADE', title: 'By hand', percentOff: 5, startsAt: new Date() });
    const saved = await t.call(api.brand.savePreset, { token: owner.token, body: { code: 'WELCOME15', discount: 15, description: 'Sign-up gift' } });
    await t.call(api.brand.savePreset, { token: owner.token, body: { code: 'handmade', discount: 8, description: '' } });

    expect(await createDueDiscountCodes(t.deps)).toBe(2);
    expect(await createDueDiscountCodes(t.deps)).toBe(0);
    const welcome = shop.discountCodes.filter((d) => d.code === 'WELCOME15');
    expect(welcome).toHaveLength(1);
    const rule = shop.priceRules.find((r) => r.id === welcome[0]!.price_rule_id);
    expect(rule).toMatchObject({
      title: 'Sign-up gift', value_type: 'percentage', value: '-15.00', target_selection: 'all', customer_selection: 'all', once_per_customer: true,
    });
    const handmade = shop.discountCodes.filter((d) => String(d.code).toUpperCase() === 'HANDMADE');
    expect(handmade).toHaveLength(1);
    expect(shop.priceRules.find((r) => r.id === handmade[0]!.price_rule_id)).toMatchObject({ title: 'By hand', value: '-8.00' });
    expect(shop.priceRules).toHaveLength(2);
    const rows = await discountsOf(owner.shopId);
    expect(rows.map((r) => [r.platform, r.code, r.status]).sort()).toEqual([['shopline', 'HANDMADE', 'created'], ['shopline', 'WELCOME15', 'created']]);

    line.expireTokens(HANDLE);
    const refreshes = line.refreshCount();
    await t.call(api.brand.savePreset, { token: owner.token, body: { id: saved.body.data!.id, code: 'WELCOME15', discount: 20, description: 'Sign-up gift' } });
    expect(await createDueDiscountCodes(t.deps)).toBe(1);
    expect(line.refreshCount()).toBe(refreshes + 1);
    expect(shop.priceRules.find((r) => r.id === rule!.id)).toMatchObject({ value: '-20.00' });
    // Lost on Shopline meanwhile, a change makes it again.
    shop.priceRules.splice(shop.priceRules.indexOf(rule!), 1);
    shop.discountCodes.splice(shop.discountCodes.findIndex((d) => d.code === 'WELCOME15'), 1);
    await t.call(api.brand.savePreset, { token: owner.token, body: { id: saved.body.data!.id, code: 'WELCOME15', discount: 25, description: 'Sign-up gift' } });
    expect(await createDueDiscountCodes(t.deps)).toBe(1);
    const remade = shop.discountCodes.filter((d) => d.code === 'WELCOME15');
    expect(remade).toHaveLength(1);
    expect((await discountsOf(owner.shopId)).find((r) => r.code === 'WELCOME15')).toMatchObject({ status: 'created', discount: 25, platformId: remade[0]!.price_rule_id });
  }, 60_000);

  it('change a price rule with the `write_price_rules` the install asks for, which Shopline wants for updates', async () => {
    const shop = line.shop(HANDLE)!;
    const app = t.deps.config.platformApps.shopline!;
    const token = [...shop.tokens.keys()].at(-1)!;
    expect(shop.tokens.get(token)!.split(',')).toContain('write_price_rules');
    const { id } = await createDiscountShopline({ app, handle: HANDLE, token }, { code: 'SCOPED-5', title: 'Scoped', percentOff: 5, startsAt: new Date() });
    expect(await updateDiscountValueShopline({ app, handle: HANDLE, token }, id, 6)).toBe(true);
    expect(shop.priceRules.find((r) => r.id === id)).toMatchObject({ value: '-6.00' });
    // A token granted without it (an install from before the scope was asked for) is refused.
    const scope = shop.tokens.get(token)!;
    shop.tokens.set(token, scope.split(',').filter((s) => s !== 'write_price_rules').join(','));
    try {
      await expect(updateDiscountValueShopline({ app, handle: HANDLE, token }, id, 7)).rejects.toThrow();
      expect(shop.priceRules.find((r) => r.id === id)).toMatchObject({ value: '-6.00' });
    } finally {
      shop.tokens.set(token, scope);
    }
  }, 60_000);

  it('two workers making one code at once leave one code and one price rule', async () => {
    const shop = line.shop(HANDLE)!;
    const app = t.deps.config.platformApps.shopline!;
    const token = [...shop.tokens.keys()].at(-1)!;
    const input = { code: 'RACE-5', title: 'Race', percentOff: 5, startsAt: new Date() };
    const client = { app, handle: HANDLE, token };
    const [a, b] = await Promise.all([createDiscountShopline(client, input), createDiscountShopline(client, input)]);
    expect(a.id).toBe(b.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(shop.discountCodes.filter((d) => d.code === 'RACE-5')).toHaveLength(1);
    expect(shop.priceRules.filter((r) => r.title === 'Race')).toHaveLength(1);
  }, 30_000);
});
