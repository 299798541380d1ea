import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

const store = { platform: 'custom' as const, name: 'Tea House', homepage_url: 'https://tea.example.com/', currency: 'USD', timezone: 'Asia/Shanghai' };

describe('connect a custom store: validation', () => {
  const cases: { name: string; body: Record<string, unknown>; field: string; en: string; zh: string }[] = [
    { name: 'empty name', body: { ...store, name: '' }, field: 'name', en: 'Store name can not be empty.', zh: '店铺名称不能为空。' },
    { name: 'blank name', body: { ...store, name: '   ' }, field: 'name', en: 'Store name can not be empty.', zh: '店铺名称不能为空。' },
    { name: 'name over 30', body: { ...store, name: 'x'.repeat(31) }, field: 'name', en: 'Store name is too long, limit 30 characters.', zh: '店铺名称过长，限 30 个字符。' },
    { name: 'homepage without a host', body: { ...store, homepage_url: 'not a link' }, field: 'homepage_url', en: 'The link to the store homepage format error.', zh: '店铺首页链接格式错误。' },
    { name: 'homepage on ftp', body: { ...store, homepage_url: 'ftp://tea.example.com' }, field: 'homepage_url', en: 'The link to the store homepage format error.', zh: '店铺首页链接格式错误。' },
    { name: 'empty homepage', body: { ...store, homepage_url: '' }, field: 'homepage_url', en: 'The link to the store homepage format error.', zh: '店铺首页链接格式错误。' },
    { name: 'unknown currency', body: { ...store, currency: 'XYZ' }, field: 'currency', en: 'Please choose a currency.', zh: '请选择币种。' },
    { name: 'missing currency', body: { ...store, currency: undefined }, field: 'currency', en: 'Please choose a currency.', zh: '请选择币种。' },
    { name: 'bad time zone', body: { ...store, timezone: 'Mars/Olympus' }, field: 'timezone', en: 'Please choose a valid time zone.', zh: '请选择有效的时区。' },
    { name: 'empty time zone', body: { ...store, timezone: '' }, field: 'timezone', en: 'Please choose a valid time zone.', zh: '请选择有效的时区。' },
  ];
  for (const c of cases) {
    it(`refuses: ${c.name}`, async () => {
      const { token } = await signUp(t, { store: false });
      const en = await t.call(api.shop.connect, { token, body: c.body });
      expect(en.status).toBe(400);
      expect(en.body.code).toBe(103);
      expect(en.body.msg).toBe(c.en);
      expect((en.body.data as unknown as { fields: Record<string, string> }).fields[c.field]).toBe(c.en);
      const zh = await t.call(api.shop.connect, { token, body: c.body, lang: 'zh-CN' });
      expect(zh.body.msg).toBe(c.zh);
      // Nothing was connected.
      expect((await t.call(api.shop.list, { token })).body.data).toEqual([]);
    });
  }

  it('accepts a name of exactly 30 characters', async () => {
    const { token } = await signUp(t, { store: false });
    const res = await t.call(api.shop.connect, { token, body: { ...store, name: 'é'.repeat(30) } });
    expect(res.body.code).toBe(100);
  });

  it('refuses platforms other than custom', async () => {
    const { token } = await signUp(t, { store: false });
    const res = await t.call(api.shop.connect, { token, body: { ...store, platform: 'shopify' } });
    expect(res.body.code).toBe(103);
  });

  it('needs a session', async () => {
    const res = await t.call(api.shop.connect, { body: store });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(102);
  });
});

describe('connect a custom store', () => {
  it('makes the user owner, the store current, with 500 starter e-mails and level 0', async () => {
    const { token, account } = await signUp(t, { store: false });
    const res = await t.call(api.shop.connect, { token, body: store });
    expect(res.body.code).toBe(100);
    const shopId = res.body.data.shop_id;
    expect(shopId).toMatch(/^[0-9a-f-]{36}$/);

    const info = await t.call(api.auth.info, { token });
    expect(info.body.data).toMatchObject({
      shop_id: shopId, shop: 'Tea House', shop_url: 'tea.example.com', platform: 'custom', install_status: 1,
      currency: 'USD', timezone: 'Asia/Shanghai', send_package_purchase_num: 0,
      manager_info: { manager_role: 'owner', manager_email: account },
    });

    const pack = await t.call(api.billing.enableData, { token });
    expect(pack.body.code).toBe(100);
    expect(pack.body.data).toMatchObject({
      total_email_number: 500, total_remainder_email_number: 500, total_wait_send_email_number: 0, total_enable_email_number: 500,
    });
    expect(pack.body.data.effective_send_package_log).toHaveLength(1);
    const expires = Date.parse(pack.body.data.effective_send_package_log[0]!.expired_at);
    expect((expires - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
    expect(pack.body.data.effective_send_package_log[0]!.remainder_email_number).toBe(500);

    const vip = await t.call(api.billing.vipInfo, { token });
    expect(vip.body).toMatchObject({
      code: 100,
      data: { shop: 'Tea House', vip_service_level: 0, service: 'free', is_expire: false, is_auto_renew: false, current_month_number: 0 },
    });
    expect(vip.body.data.vip_service_id).not.toBe('');

    const list = await t.call(api.shop.list, { token });
    expect(list.body.data).toEqual([{ shop_id: shopId, name: 'Tea House', shop_url: 'tea.example.com', platform: 'custom', role: 'owner', current: true }]);
  });

  it('normalises the homepage link', async () => {
    const { token } = await signUp(t, { store: false });
    await t.call(api.shop.connect, { token, body: { ...store, homepage_url: '  Shop.Example.com/en/ ' } });
    const info = await t.call(api.shop.info, { token });
    expect(info.body.data).toMatchObject({ homepage_url: 'https://shop.example.com/en', platform_domain: 'shop.example.com' });
  });
});

describe("a connected store's language", () => {
  it('is the language its owner connected it in, which Smart Send writes its flows in', async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const { token } = await signUp(t, { store: false });
      const r = await t.call(api.shop.connect, { token, body: store, lang });
      expect(r.body.code).toBe(100);
      const { rows } = await t.deps.dbh.query<{ language: string }>(`select language from shops where id = $1`, [r.body.data.shop_id]);
      expect(rows[0]!.language).toBe(lang);
    }
  });

  it('is the one chosen in the form when the owner picks another than the admin\'s', async () => {
    const { token } = await signUp(t, { store: false });
    const r = await t.call(api.shop.connect, { token, body: { ...store, language: 'en-US' }, lang: 'zh-CN' });
    expect(r.body.code).toBe(100);
    expect((await t.call(api.shop.info, { token })).body.data.language).toBe('en-US');
  });
});
