import { api, POPUP_LIMITS, type PopupContentInput, type SaveCustomPopupBody } from '@storecast/contract';
import { popupDailyStats, popups, popupTemplates, shops } from '@storecast/db';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { BUILTIN_TEMPLATES } from './builtin-templates.ts';
import { storeOrigins } from './index.ts';
import { seedBuiltinTemplates } from './seed-builtin-templates.ts';

interface Owner { token: string; shopId: string }
let t: TestApp;
let a: Owner;
let b: Owner;

beforeAll(async () => {
  t = await startTestApp({ publicUrl: 'https://app.example.test' });
  a = await signUp(t, { name: 'Popup A' });
  b = await signUp(t, { name: 'Popup B' });
});
afterAll(() => t.close());

const ok = <T>(r: { body: { code: number; msg: string; data: T } }) => {
  expect(r.body.code, r.body.msg).toBe(100);
  return r.body.data;
};

const texts = (title: string) => ({
  title, body: 'Body', button: 'Join', consent: 'I agree to receive e-mails.', success_title: 'Thanks',
});
const content = (over: Partial<PopupContentInput> = {}): PopupContentInput => ({
  texts: { 'zh-CN': texts('欢迎'), 'en-US': texts('Welcome') }, ...over,
});
const customBody = (over: Partial<SaveCustomPopupBody> = {}): SaveCustomPopupBody => ({
  name: 'Spring', enabled: true, content: content(), conditions: {}, ...over,
});
const setGuide = (shopId: string, guide: { subscribe_popup: number; popup_strategy: number }) =>
  t.deps.dbh.db.update(shops).set({ guide }).where(eq(shops.id, shopId));

describe('shipped templates', () => {
  it('are seeded at start, once, and an edited one is never overwritten', async () => {
    const db = t.deps.dbh.db;
    const builtins = () => db.select().from(popupTemplates).where(isNotNull(popupTemplates.builtinKey));
    expect((await builtins()).map((r) => r.builtinKey).sort()).toEqual(BUILTIN_TEMPLATES.map((x) => x.key).sort());
    expect((await builtins()).every((r) => r.status === 'published')).toBe(true);
    await db.update(popupTemplates).set({ nameEn: 'Edited by us', status: 'retired' }).where(eq(popupTemplates.builtinKey, 'welcome_discount'));
    expect(await seedBuiltinTemplates(db)).toBe(0);
    const after = await builtins();
    expect(after).toHaveLength(BUILTIN_TEMPLATES.length);
    expect(after.find((r) => r.builtinKey === 'welcome_discount')).toMatchObject({ nameEn: 'Edited by us', status: 'retired' });
    await db.update(popupTemplates).set({ nameEn: 'Welcome discount', status: 'published' }).where(eq(popupTemplates.builtinKey, 'welcome_discount'));
  });

  it('adds a template the database lacks, and names a broken one', async () => {
    const db = t.deps.dbh.db;
    const extra = { ...BUILTIN_TEMPLATES[0]!, key: 'test_extra', labels: { ...BUILTIN_TEMPLATES[0]!.labels, name_en: 'Test extra' } };
    expect(await seedBuiltinTemplates(db, [...BUILTIN_TEMPLATES, extra])).toBe(1);
    expect(await seedBuiltinTemplates(db, [...BUILTIN_TEMPLATES, extra])).toBe(0);
    await db.delete(popupTemplates).where(eq(popupTemplates.builtinKey, 'test_extra'));
    const broken = { ...extra, key: 'broken', content: { ...extra.content, radius: 99 } };
    await expect(seedBuiltinTemplates(db, [broken])).rejects.toThrow(/"broken" has invalid content/);
  });

  it('carry every line a shopper reads in both languages, the line under the coupon code included', async () => {
    const gallery = ok(await t.call(api.popup.gallery, { token: a.token, query: {} }));
    const han = /[\u4e00-\u9fff]/;
    for (const tpl of BUILTIN_TEMPLATES) {
      const shipped = gallery.find((g) => g.name_en === tpl.labels.name_en)!.content.texts;
      expect(shipped['zh-CN'].coupon_note, tpl.key).toMatch(han);
      expect(shipped['en-US'].coupon_note, tpl.key).toMatch(/^[ -~]+$/);
      for (const [name, zh] of Object.entries(shipped['zh-CN'])) {
        const en = shipped['en-US'][name as keyof typeof shipped['en-US']];
        // Placeholders may be an address, alike in both; every sentence is written in each language.
        if (name.endsWith('_placeholder') && !han.test(zh)) continue;
        expect([name, han.test(zh) || zh === '', han.test(en)], tpl.key).toEqual([name, true, false]);
      }
    }
  });

  it('are all valid documents', async () => {
    const gallery = ok(await t.call(api.popup.gallery, { token: a.token, query: {} }));
    for (const tpl of BUILTIN_TEMPLATES) expect(gallery.map((g) => g.name_en)).toContain(tpl.labels.name_en);
  });
});

describe('embed block', () => {
  it('hands out the script tag with the store\'s public key and its origins', async () => {
    ok(await t.call(api.shop.saveInfo, { token: a.token, body: { name: 'Popup A', homepage_url: 'https://shop-a.example.com:8443/home', currency: 'USD', timezone: 'UTC' } }));
    const block = ok(await t.call(api.popup.embedBlock, { token: a.token }));
    const [shop] = await t.deps.dbh.db.select().from(shops).where(eq(shops.id, a.shopId));
    expect(block.public_key).toMatch(/^pk_[0-9a-f]{32}$/);
    expect(block.public_key).toBe(shop!.publicKey);
    expect(block.script_url).toBe('https://app.example.test/storecast.js');
    expect(block.snippet).toBe(`<script src="https://app.example.test/storecast.js" data-key="${block.public_key}" async></script>`);
    expect(block.allowed_origins).toEqual(['https://shop-a.example.com:8443', `https://${shop!.platformDomain}`]);
    expect(ok(await t.call(api.popup.embedBlock, { token: b.token })).public_key).not.toBe(block.public_key);
  });

  it('storeOrigins keeps one origin per address and skips what is no URL', () => {
    expect(storeOrigins({ homepageUrl: 'https://tea.example.com/', platformDomain: 'tea.example.com' })).toEqual(['https://tea.example.com']);
    expect(storeOrigins({ homepageUrl: 'http://127.0.0.1:4000/shop', platformDomain: 'tea.myshopify.com' }))
      .toEqual(['http://127.0.0.1:4000', 'https://tea.myshopify.com']);
    expect(storeOrigins({ homepageUrl: 'not a url', platformDomain: '' })).toEqual([]);
  });
});

describe('subscription pop-up', () => {
  it('shows the defaults before the first save, in the caller\'s language', async () => {
    const en = ok(await t.call(api.popup.main, { token: b.token }));
    expect(en).toMatchObject({ id: null, kind: 'main', enabled: false, name: 'Subscription pop-up', updated_at: null, totals: { views: 0, sign_ups: 0, rate: 0 } });
    expect(en.conditions.trigger).toMatchObject({ type: 'delay', delay_seconds: 30 });
    const welcome = BUILTIN_TEMPLATES.find((x) => x.key === 'welcome_discount')!;
    expect(en.content.texts['en-US'].title).toBe(welcome.content.texts['en-US'].title);
    expect(ok(await t.call(api.popup.main, { token: b.token, lang: 'zh-CN' })).name).toBe('订阅弹窗');
  });

  it('saves one pop-up per store and starts the guide from 0 to 1', async () => {
    await setGuide(a.shopId, { subscribe_popup: 0, popup_strategy: 0 });
    const saved = ok(await t.call(api.popup.saveMain, { token: a.token, body: { enabled: true, content: content(), conditions: { trigger: { type: 'scroll', scroll_percent: 40 } } } }));
    expect(saved).toMatchObject({ kind: 'main', enabled: true, name: 'Subscription pop-up' });
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved.conditions.trigger).toMatchObject({ type: 'scroll', scroll_percent: 40 });
    const again = ok(await t.call(api.popup.saveMain, { token: a.token, body: { enabled: false, content: content(), conditions: {} } }));
    expect(again.id).toBe(saved.id);
    expect(again.enabled).toBe(false);
    const [row] = await t.deps.dbh.db.select({ n: count() }).from(popups).where(and(eq(popups.shopId, a.shopId), eq(popups.kind, 'main')));
    expect(row?.n).toBe(1);
    expect(ok(await t.call(api.popup.guide, { token: a.token }))).toEqual({ subscribe_popup: 1, popup_strategy: 0 });
    expect(ok(await t.call(api.auth.info, { token: a.token })).shop_guide).toEqual({ subscribe_popup: 1, popup_strategy: 0 });
    expect(ok(await t.call(api.popup.main, { token: a.token })).id).toBe(saved.id);
    // B's pop-up is still the defaults.
    expect(ok(await t.call(api.popup.main, { token: b.token })).id).toBeNull();
  });

  it('refuses bad content with the field\'s message in both languages', async () => {
    const bad = { enabled: true, content: content({ texts: { 'zh-CN': texts(''), 'en-US': texts('Hi') } }), conditions: {} };
    const zh = await t.call(api.popup.saveMain, { token: a.token, body: bad, lang: 'zh-CN' });
    expect(zh.body.code).toBe(103);
    expect(zh.body.msg).toBe('请输入标题。');
    const noEnglish = { ...bad, content: content({ texts: { 'zh-CN': texts('你好'), 'en-US': texts(' ') } }) };
    const en = await t.call(api.popup.saveMain, { token: a.token, body: noEnglish, lang: 'en-US' });
    expect(en.body).toMatchObject({ code: 103, msg: 'Enter the title.' });
    const tooFar = { enabled: true, content: content(), conditions: { trigger: { scroll_percent: 100 } } };
    const scroll = await t.call(api.popup.saveMain, { token: a.token, body: tooFar });
    expect(scroll.body.msg).toBe('The scroll distance must be a positive whole number below 100.');
    const page = await t.call(api.popup.saveMain, {
      token: a.token, lang: 'zh-CN',
      body: { enabled: true, content: content(), conditions: { pages: { mode: 'include', rules: [{ name: '一二三四五六七八九十一', match: 'contains', value: '/sale' }] } } },
    });
    expect(page.body.msg).toBe('页面名称最多 10 个字符。');
  });

  it('takes the store\'s own coupon only', async () => {
    const mine = ok(await t.call(api.brand.savePreset, { token: a.token, body: { code: 'POPA10', discount: 10 } }));
    const theirs = ok(await t.call(api.brand.savePreset, { token: b.token, body: { code: 'POPB10', discount: 10 } }));
    const withCoupon = (id: string) => ({ enabled: true, content: content({ coupon_preset_id: id }), conditions: {} });
    expect(ok(await t.call(api.popup.saveMain, { token: a.token, body: withCoupon(mine.id) })).content.coupon_preset_id).toBe(mine.id);
    for (const id of [theirs.id, 'nope']) {
      const res = await t.call(api.popup.saveMain, { token: a.token, body: withCoupon(id) });
      expect(res.body.code).not.toBe(100);
      expect(res.body.msg).toBe('The chosen coupon no longer exists; choose another.');
      const custom = await t.call(api.popup.save, { token: a.token, body: customBody({ content: content({ coupon_preset_id: id }) }), lang: 'zh-CN' });
      expect(custom.body.msg).toBe('所选优惠券不存在，请重新选择。');
    }
    expect(ok(await t.call(api.popup.main, { token: a.token })).content.coupon_preset_id).toBe(mine.id);
  });
});

describe('menu guide', () => {
  it('lets the owner hide and show a menu; using a feature never shows a hidden one', async () => {
    expect(ok(await t.call(api.popup.saveGuide, { token: a.token, body: { subscribe_popup: 2 } }))).toMatchObject({ subscribe_popup: 2 });
    ok(await t.call(api.popup.saveMain, { token: a.token, body: { enabled: true, content: content(), conditions: {} } }));
    expect(ok(await t.call(api.auth.info, { token: a.token })).shop_guide.subscribe_popup).toBe(2);
    const shown = ok(await t.call(api.popup.saveGuide, { token: a.token, body: { subscribe_popup: 1, popup_strategy: 2 } }));
    expect(shown).toEqual({ subscribe_popup: 1, popup_strategy: 2 });
    expect(ok(await t.call(api.popup.saveGuide, { token: a.token, body: {} }))).toEqual({ subscribe_popup: 1, popup_strategy: 2 });
    expect((await t.call(api.popup.saveGuide, { token: a.token, body: { popup_strategy: 0 } })).body.code).toBe(103);
    ok(await t.call(api.popup.saveGuide, { token: a.token, body: { popup_strategy: 1 } }));
    expect(ok(await t.call(api.popup.guide, { token: b.token }))).toEqual({ subscribe_popup: 1, popup_strategy: 1 });
  });

  it('starts the pop-up centre\'s guide on the first custom pop-up', async () => {
    await setGuide(b.shopId, { subscribe_popup: 0, popup_strategy: 0 });
    ok(await t.call(api.popup.save, { token: b.token, body: customBody({ name: 'B first' }) }));
    expect(ok(await t.call(api.auth.info, { token: b.token })).shop_guide).toEqual({ subscribe_popup: 0, popup_strategy: 1 });
  });
});

describe('pop-up centre', () => {
  let welcomeId = '';
  beforeAll(async () => {
    const gallery = ok(await t.call(api.popup.gallery, { token: a.token, query: { activity: 'welcome' } }));
    welcomeId = gallery.find((g) => g.name_en === 'Welcome discount')!.id;
  });

  it('creates from a published template, edits, switches and deletes, for its own store only', async () => {
    const tpl = ok(await t.call(api.popup.gallery, { token: a.token, query: {} })).find((g) => g.id === welcomeId)!;
    const fromTemplate = customBody({ name: 'From template', template_id: welcomeId, content: tpl.content, conditions: tpl.conditions, enabled: false });
    const made = ok(await t.call(api.popup.save, { token: a.token, body: fromTemplate }));
    expect(made).toMatchObject({ kind: 'custom', name: 'From template', template_id: welcomeId, enabled: false, totals: { views: 0, sign_ups: 0, rate: 0 } });
    expect(made.content.texts['zh-CN'].title).toBe(tpl.content.texts['zh-CN'].title);
    const edited = ok(await t.call(api.popup.save, { token: a.token, body: customBody({ id: made.id!, name: 'Renamed', double_opt_in: true }) }));
    expect(edited).toMatchObject({ id: made.id, name: 'Renamed', double_opt_in: true, template_id: welcomeId });
    expect(ok(await t.call(api.popup.detail, { token: a.token, query: { id: made.id! } })).name).toBe('Renamed');
    expect(ok(await t.call(api.popup.setEnabled, { token: a.token, body: { id: made.id!, enabled: true } })).enabled).toBe(true);

    // B can neither read, change, switch nor delete it.
    for (const res of [
      await t.call(api.popup.detail, { token: b.token, query: { id: made.id! } }),
      await t.call(api.popup.save, { token: b.token, body: customBody({ id: made.id! }) }),
      await t.call(api.popup.setEnabled, { token: b.token, body: { id: made.id!, enabled: false } }),
      await t.call(api.popup.daily, { token: b.token, query: { id: made.id! } }),
      await t.call(api.popup.detail, { token: b.token, query: { id: 'not-a-uuid' } }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('The pop-up does not exist.');
    }
    expect(ok(await t.call(api.popup.remove, { token: b.token, body: { id: made.id! } }))).toEqual({ deleted: false });
    expect(ok(await t.call(api.popup.list, { token: b.token })).map((p) => p.id)).not.toContain(made.id);
    expect(ok(await t.call(api.popup.detail, { token: a.token, query: { id: made.id! } }))).toMatchObject({ name: 'Renamed', enabled: true });

    expect(ok(await t.call(api.popup.remove, { token: a.token, body: { id: made.id! } }))).toEqual({ deleted: true });
    expect(ok(await t.call(api.popup.remove, { token: a.token, body: { id: made.id! } }))).toEqual({ deleted: false });
    expect((await t.call(api.popup.detail, { token: a.token, query: { id: made.id! } })).status).toBe(404);
  });

  it('refuses a template that is not published, or unknown', async () => {
    await t.deps.dbh.db.update(popupTemplates).set({ status: 'draft' }).where(eq(popupTemplates.id, welcomeId));
    for (const template_id of [welcomeId, '00000000-0000-4000-8000-000000000000', 'x']) {
      const res = await t.call(api.popup.save, { token: a.token, body: customBody({ template_id }), lang: 'zh-CN' });
      expect(res.body.code).not.toBe(100);
      expect(res.body.msg).toBe('模板不存在。');
    }
    await t.deps.dbh.db.update(popupTemplates).set({ status: 'published' }).where(eq(popupTemplates.id, welcomeId));
  });

  it('validates the name in both languages', async () => {
    const zh = await t.call(api.popup.save, { token: a.token, body: customBody({ name: ' ' }), lang: 'zh-CN' });
    expect(zh.body).toMatchObject({ code: 103, msg: '请输入弹窗名称。' });
    const en = await t.call(api.popup.save, { token: a.token, body: customBody({ name: 'x'.repeat(51) }) });
    expect(en.body).toMatchObject({ code: 103, msg: 'The name is at most 50 characters.' });
  });

  it('lists newest first with totals and reads daily figures from the daily rows', async () => {
    const first = ok(await t.call(api.popup.save, { token: a.token, body: customBody({ name: 'Older' }) }));
    const second = ok(await t.call(api.popup.save, { token: a.token, body: customBody({ name: 'Newer' }) }));
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    await t.deps.dbh.db.insert(popupDailyStats).values([
      { popupId: first.id!, shopId: a.shopId, day: day(0), views: 30, signUps: 3 },
      { popupId: first.id!, shopId: a.shopId, day: day(2), views: 10, signUps: 1 },
      { popupId: first.id!, shopId: a.shopId, day: day(40), views: 60, signUps: 6 },
      { popupId: second.id!, shopId: a.shopId, day: day(1), views: 4, signUps: 0 },
    ]);
    const list = ok(await t.call(api.popup.list, { token: a.token }));
    expect(list.slice(0, 2).map((p) => p.name)).toEqual(['Newer', 'Older']);
    expect(list.find((p) => p.id === first.id)!.totals).toEqual({ views: 100, sign_ups: 10, rate: 0.1 });
    expect(list.find((p) => p.id === second.id)!.totals).toEqual({ views: 4, sign_ups: 0, rate: 0 });
    expect(ok(await t.call(api.popup.detail, { token: a.token, query: { id: first.id! } })).totals.views).toBe(100);

    const daily = ok(await t.call(api.popup.daily, { token: a.token, query: { id: first.id!, days: '5' } }));
    expect(daily).toEqual([
      { day: day(4), views: 0, sign_ups: 0 }, { day: day(3), views: 0, sign_ups: 0 }, { day: day(2), views: 10, sign_ups: 1 },
      { day: day(1), views: 0, sign_ups: 0 }, { day: day(0), views: 30, sign_ups: 3 },
    ]);
    expect(ok(await t.call(api.popup.daily, { token: a.token, query: { id: first.id! } }))).toHaveLength(30);
    // The subscription pop-up has daily figures too.
    const main = ok(await t.call(api.popup.main, { token: a.token }));
    await t.deps.dbh.db.insert(popupDailyStats).values({ popupId: main.id!, shopId: a.shopId, day: day(0), views: 8, signUps: 2 });
    expect(ok(await t.call(api.popup.main, { token: a.token })).totals).toEqual({ views: 8, sign_ups: 2, rate: 0.25 });
    expect(ok(await t.call(api.popup.daily, { token: a.token, query: { id: main.id!, days: '1' } }))).toEqual([{ day: day(0), views: 8, sign_ups: 2 }]);
    expect((await t.call(api.popup.daily, { token: a.token, query: { id: main.id!, days: '0' } })).body.code).toBe(103);
  });

  it('holds at most the limit of pop-ups per store', async () => {
    const have = ok(await t.call(api.popup.list, { token: b.token })).length;
    const doc = { content: { texts: { 'zh-CN': texts('x'), 'en-US': texts('x') } }, conditions: {} };
    await t.deps.dbh.db.insert(popups).values(Array.from({ length: POPUP_LIMITS.perStoreMax - have }, (_, i) => ({
      shopId: b.shopId, kind: 'custom' as const, name: `Filler ${i}`, ...doc,
    })));
    const res = await t.call(api.popup.save, { token: b.token, body: customBody() });
    expect(res.body.msg).toBe('The pop-up centre holds at most 50 pop-ups.');
    // Editing one still works, and the subscription pop-up does not count.
    const one = ok(await t.call(api.popup.list, { token: b.token }))[0]!;
    ok(await t.call(api.popup.save, { token: b.token, body: customBody({ id: one.id!, name: 'Edited' }) }));
    ok(await t.call(api.popup.saveMain, { token: b.token, body: { enabled: true, content: content(), conditions: {} } }));
    // A's store has its own count.
    ok(await t.call(api.popup.save, { token: a.token, body: customBody() }));
  });
});

describe('template gallery and manager', () => {
  const labels = { name_zh: '节日', name_en: 'Holiday', target: 'email_phone', activity: 'holiday', theme: 'festive' } as const;

  it('refuses the manager to a store that is not internal', async () => {
    t.deps.config.internalShopIds = [a.shopId];
    for (const res of [
      await t.call(api.popup.templates, { token: b.token }),
      await t.call(api.popup.saveTemplate, { token: b.token, body: { ...labels, content: content() } }),
      await t.call(api.popup.setTemplateStatus, { token: b.token, body: { id: '00000000-0000-4000-8000-000000000000', status: 'published' } }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('Only internal stores can manage pop-up templates.');
    }
    const zh = await t.call(api.popup.templates, { token: b.token, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('只有内部店铺可以管理弹窗模板。');
  });

  it('lets an internal store create a draft, publish, order, filter and retire templates', async () => {
    t.deps.config.internalShopIds = [a.shopId];
    const draft = ok(await t.call(api.popup.saveTemplate, { token: a.token, body: { ...labels, sort: 0, content: content() } }));
    expect(draft).toMatchObject({ status: 'draft', sort: 0, name_en: 'Holiday', cover_url: '' });
    expect(draft.conditions.trigger.delay_seconds).toBe(30);
    const gallery = async (query: Record<string, string> = {}) => ok(await t.call(api.popup.gallery, { token: b.token, query })).map((g) => g.id);
    expect(await gallery()).not.toContain(draft.id);
    expect(ok(await t.call(api.popup.templates, { token: a.token })).map((g) => g.id)).toContain(draft.id);

    ok(await t.call(api.popup.setTemplateStatus, { token: a.token, body: { id: draft.id, status: 'published' } }));
    // Sort 0 comes before the shipped templates' positive sort values.
    expect((await gallery())[0]).toBe(draft.id);
    const festive = await gallery({ activity: 'holiday', target: 'email_phone', theme: 'festive' });
    expect(festive[0]).toBe(draft.id);
    const shipped = ok(await t.call(api.popup.gallery, { token: b.token, query: { activity: 'holiday' } }));
    expect(shipped.every((g) => g.activity === 'holiday')).toBe(true);
    expect(await gallery({ activity: 'holiday', target: 'email' })).not.toContain(draft.id);
    const bad = await t.call(api.popup.gallery, { token: b.token, query: { theme: 'neon' } });
    expect(bad.body.code).toBe(103);

    const moved = ok(await t.call(api.popup.saveTemplate, { token: a.token, body: { ...labels, id: draft.id, name_en: 'Holiday sale', sort: 99_999, content: content() } }));
    expect(moved).toMatchObject({ id: draft.id, status: 'published', name_en: 'Holiday sale', sort: 99_999 });
    expect((await gallery()).at(-1)).toBe(draft.id);

    const sortZh = await t.call(api.popup.saveTemplate, { token: a.token, body: { ...labels, sort: -1, content: content() }, lang: 'zh-CN' });
    expect(sortZh.body.code).toBe(103);
    const sortEn = await t.call(api.popup.saveTemplate, { token: a.token, body: { ...labels, sort: 1.5, content: content() } });
    expect(sortEn.body.msg).toBe('The sort value must be 0 or a positive whole number.');

    ok(await t.call(api.popup.setTemplateStatus, { token: a.token, body: { id: draft.id, status: 'retired' } }));
    expect(await gallery()).not.toContain(draft.id);
    const gone = await t.call(api.popup.save, { token: b.token, body: customBody({ template_id: draft.id }) });
    expect(gone.body.msg).toBe('The template does not exist.');
    for (const id of ['x', '00000000-0000-4000-8000-000000000000']) {
      expect((await t.call(api.popup.setTemplateStatus, { token: a.token, body: { id, status: 'draft' } })).status).toBe(404);
      expect((await t.call(api.popup.saveTemplate, { token: a.token, body: { ...labels, id, content: content() } })).status).toBe(404);
    }
  });
});
