import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

const second = { platform: 'custom' as const, name: 'Second Shop', homepage_url: 'http://second.example.org', currency: 'EUR', timezone: 'Europe/Paris' };

describe('store info', () => {
  it('shows the current store', async () => {
    const { token, shopId } = await signUp(t, { name: 'Info Shop' });
    const res = await t.call(api.shop.info, { token });
    expect(res.body.code).toBe(100);
    expect(res.body.data).toMatchObject({
      shop_id: shopId, name: 'Info Shop', platform: 'custom', currency: 'USD', timezone: 'Asia/Shanghai', role: 'owner',
    });
    expect(res.body.data.homepage_url).toMatch(/^https:\/\/store\d+\.example\.com$/);
    expect(res.body.data.platform_domain).toBe(new URL(res.body.data.homepage_url).hostname);
    expect(Math.abs(Date.parse(res.body.data.install_date) - Date.now())).toBeLessThan(60_000);
  });

  it('saves edits, which the session user shows at once', async () => {
    const { token } = await signUp(t);
    const res = await t.call(api.shop.saveInfo, {
      token, body: { name: 'Renamed', homepage_url: 'renamed.example.net/', currency: 'JPY', timezone: 'Asia/Tokyo' },
    });
    expect(res.body.code).toBe(100);
    expect(res.body.data).toMatchObject({
      name: 'Renamed', homepage_url: 'https://renamed.example.net', platform_domain: 'renamed.example.net', currency: 'JPY', timezone: 'Asia/Tokyo',
    });
    expect((await t.call(api.shop.info, { token })).body.data).toEqual(res.body.data);
    const user = await t.call(api.auth.info, { token });
    expect(user.body.data).toMatchObject({ shop: 'Renamed', shop_url: 'renamed.example.net', currency: 'JPY', timezone: 'Asia/Tokyo' });
    expect((await t.call(api.billing.vipInfo, { token })).body.data.shop).toBe('Renamed');
  });

  it('save-info applies the same rules as connect', async () => {
    const { token } = await signUp(t, { name: 'Keep Me' });
    const res = await t.call(api.shop.saveInfo, {
      token, lang: 'zh-CN', body: { name: 'x'.repeat(31), homepage_url: 'https://ok.example.com', currency: 'USD', timezone: 'UTC' },
    });
    expect(res.body).toMatchObject({ code: 103, msg: '店铺名称过长，限 30 个字符。' });
    const bad = await t.call(api.shop.saveInfo, {
      token, body: { name: 'ok', homepage_url: 'nope', currency: 'USD', timezone: 'UTC' },
    });
    expect(bad.body.msg).toBe('The link to the store homepage format error.');
    expect((await t.call(api.shop.info, { token })).body.data.name).toBe('Keep Me');
  });
});

describe('the store\'s language', () => {
  it('is shown, changed by the owner, kept when left out, and refused when it is not one the product writes in', async () => {
    const { token } = await signUp(t, { name: 'Language Shop' });
    const base = { name: 'Language Shop', homepage_url: 'https://language.example.com', currency: 'USD', timezone: 'UTC' };
    // The test client speaks en-US, so the store was connected in English.
    expect((await t.call(api.shop.info, { token })).body.data.language).toBe('en-US');
    const saved = await t.call(api.shop.saveInfo, { token, body: { ...base, language: 'zh-CN' } });
    expect(saved.body.data.language).toBe('zh-CN');
    expect((await t.call(api.shop.saveInfo, { token, body: base })).body.data.language).toBe('zh-CN');
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const bad = await t.call(api.shop.saveInfo, { token, lang, body: { ...base, language: 'fr-FR' as 'en-US' } });
      expect(bad.body).toMatchObject({
        code: 103,
        msg: lang === 'zh-CN' ? '请选择店铺对顾客使用的语言。' : 'Please choose the language the store writes to shoppers in.',
        data: { fields: { language: expect.any(String) } },
      });
    }
    expect((await t.call(api.shop.info, { token })).body.data.language).toBe('zh-CN');
  });
});

describe('the store\'s postal address', () => {
  it('starts empty, is saved with the store info, kept when left out, and refused when too long', async () => {
    const { token } = await signUp(t, { name: 'Address Shop' });
    const base = { name: 'Address Shop', homepage_url: 'https://address.example.com', currency: 'USD', timezone: 'UTC' };
    expect((await t.call(api.shop.info, { token })).body.data.postal_address).toBe('');
    const saved = await t.call(api.shop.saveInfo, { token, body: { ...base, postal_address: '  8 Dragon Well Lane \r\n\n Hangzhou 310000  ' } });
    expect(saved.body.code, saved.body.msg).toBe(100);
    expect(saved.body.data.postal_address).toBe('8 Dragon Well Lane\nHangzhou 310000');
    // An older client that does not know the field leaves the address alone.
    await t.call(api.shop.saveInfo, { token, body: { ...base, name: 'Renamed Address Shop' } });
    expect((await t.call(api.shop.info, { token })).body.data).toMatchObject({ name: 'Renamed Address Shop', postal_address: '8 Dragon Well Lane\nHangzhou 310000' });
    const long = await t.call(api.shop.saveInfo, { token, lang: 'zh-CN', body: { ...base, postal_address: 'x'.repeat(301) } });
    expect(long.body).toMatchObject({ code: 103, msg: '通讯地址过长，限 300 个字符。' });
    const longEn = await t.call(api.shop.saveInfo, { token, body: { ...base, postal_address: 'x'.repeat(301) } });
    expect(longEn.body.msg).toBe('The postal address is too long, limit 300 characters.');
    expect((await t.call(api.shop.info, { token })).body.data.postal_address).toBe('8 Dragon Well Lane\nHangzhou 310000');
  });
});

describe('a session without a store', () => {
  it('is refused on shop routes with 403 and the SPEC message', async () => {
    const { token } = await signUp(t, { store: false });
    for (const route of [api.shop.info, api.billing.enableData, api.billing.vipInfo]) {
      const res = await t.call(route, { token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 105, msg: 'The current authorization has not been completed.' });
    }
    const zh = await t.call(api.shop.info, { token, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('当前授权尚未完成。');
    const save = await t.call(api.shop.saveInfo, { token, body: { name: 'a', homepage_url: 'a.example.com', currency: 'USD', timezone: 'UTC' } });
    expect(save.status).toBe(403);
  });
});

describe('several stores', () => {
  it('adds a second store, lists both and switches between them', async () => {
    const { token, shopId: first } = await signUp(t, { name: 'First Shop' });
    const added = await t.call(api.shop.connect, { token, body: second });
    const secondId = added.body.data.shop_id;
    expect(secondId).not.toBe(first);
    // The new store becomes current.
    expect((await t.call(api.shop.info, { token })).body.data.name).toBe('Second Shop');
    const list = await t.call(api.shop.list, { token });
    expect(list.body.data.map((s) => [s.name, s.current, s.role])).toEqual([
      ['First Shop', false, 'owner'],
      ['Second Shop', true, 'owner'],
    ]);
    // Each store has its own starter allowance.
    expect((await t.call(api.billing.enableData, { token })).body.data.total_email_number).toBe(500);

    const sw = await t.call(api.shop.switchStore, { token, body: { shop_id: first } });
    expect(sw.body).toMatchObject({ code: 100, data: { shop_id: first } });
    expect((await t.call(api.shop.info, { token })).body.data.name).toBe('First Shop');
    expect((await t.call(api.auth.info, { token })).body.data).toMatchObject({ shop_id: first, shop: 'First Shop' });
    expect((await t.call(api.shop.list, { token })).body.data.find((s) => s.current)?.shop_id).toBe(first);
  });

  it('a switch moves only the calling session', async () => {
    const { token, account, password, shopId: first } = await signUp(t);
    await t.call(api.shop.connect, { token, body: second });
    const other = (await t.call(api.auth.login, { body: { login_method: 'password', account, password } })).body.data.token;
    expect((await t.call(api.shop.info, { token: other })).body.data.name).toBe('Second Shop');
    await t.call(api.shop.switchStore, { token, body: { shop_id: first } });
    expect((await t.call(api.shop.info, { token: other })).body.data.name).toBe('Second Shop');
  });

  it('refuses a switch to another user\'s store with 403', async () => {
    const a = await signUp(t, { name: 'Not Yours' });
    const b = await signUp(t, { name: 'Mine' });
    const res = await t.call(api.shop.switchStore, { token: b.token, body: { shop_id: a.shopId } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 105, msg: 'You do not manage this store.' });
    expect((await t.call(api.shop.info, { token: b.token })).body.data.name).toBe('Mine');
  });

  it('refuses a switch to a store that does not exist or a malformed id', async () => {
    const { token } = await signUp(t);
    for (const shop_id of ['00000000-0000-0000-0000-000000000000', 'abc', "1' or '1'='1", '-'.repeat(36), 'g'.repeat(36)]) {
      const res = await t.call(api.shop.switchStore, { token, body: { shop_id } });
      expect(res.status).toBe(403);
    }
    const empty = await t.call(api.shop.switchStore, { token, body: { shop_id: '' } });
    expect(empty.body).toMatchObject({ code: 103, msg: 'Please choose a store.' });
  });
});
