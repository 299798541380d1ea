import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { api, LIMITS, type EmailDoc } from '@storecast/contract';
import { media, shopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGif, makeJpeg, makePng } from '../../test/make-images.ts';
import { multipartBody } from '../../test/multipart-body.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { readEmailStyle } from './read-email-style.ts';
import { readSalesAttribution } from './read-sales-attribution.ts';
import { saveLibraryTemplate } from './save-library-template.ts';

let t: TestApp;
let a: { token: string; shopId: string };
let b: { token: string; shopId: string };

beforeAll(async () => {
  t = await startTestApp({ publicUrl: 'https://mail.example.test' });
  a = await signUp(t, { name: 'Brand A' });
  b = await signUp(t, { name: 'Brand B' });
});
afterAll(() => t.close());

const style = {
  logo_url: 'https://mail.example.test/media/logo.jpg',
  content_color: '#fafafa',
  button_bg_color: '#ff5500',
  button_font_color: '#000000',
  font: 'Georgia',
  social_links: [{ type: 'instagram', url: 'https://instagram.com/brand-a' }, { type: 'x', url: 'https://x.com/brand-a' }],
};

const doc: EmailDoc = {
  version: 1,
  blocks: [
    { type: 'header', id: 'h', align: 'center' },
    { type: 'text', id: 't', html: '<p>Hello {{first_name|there}}</p>', align: 'left' },
    { type: 'footer', id: 'f', text: '', address: '1 Tea Street' },
  ],
};

const uploadLogo = (token: string, name: string, bytes: Buffer | string, lang = 'en-US') =>
  t.call(api.brand.uploadLogo, { token, body: multipartBody(name, bytes), lang });
const uploadImage = (token: string, name: string, bytes: Buffer | string, lang = 'en-US') =>
  t.call(api.brand.uploadImage, { token, body: multipartBody(name, bytes), lang });

/** A fetch of a public URL through the app, with no session. */
const fetchPublic = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

describe('e-mail style', () => {
  it('reads the defaults before anything is saved, via the route and readEmailStyle', async () => {
    const res = await t.call(api.brand.emailStyle, { token: a.token });
    expect(res.body.code).toBe(100);
    expect(res.body.data).toEqual({ logo_url: '', content_color: '#ffffff', button_bg_color: '#1677ff', button_font_color: '#ffffff', font: 'Arial', social_links: [] });
    expect(await readEmailStyle(t.deps.dbh.db, shopScope(a.shopId))).toEqual(res.body.data);
  });

  it('saves and reads back the style, only for its own store', async () => {
    const save = await t.call(api.brand.saveEmailStyle, { token: a.token, body: style });
    expect(save.body.code, save.body.msg).toBe(100);
    expect((await t.call(api.brand.emailStyle, { token: a.token })).body.data).toEqual(style);
    expect(await readEmailStyle(t.deps.dbh.db, shopScope(a.shopId))).toEqual(style);
    expect((await t.call(api.brand.emailStyle, { token: b.token })).body.data.logo_url).toBe('');
    // Saving again replaces the whole style.
    await t.call(api.brand.saveEmailStyle, { token: a.token, body: { ...style, social_links: [] } });
    expect((await t.call(api.brand.emailStyle, { token: a.token })).body.data.social_links).toEqual([]);
    await t.call(api.brand.saveEmailStyle, { token: a.token, body: style });
  });

  const cases: [string, Record<string, unknown>, string, string, string][] = [
    ['no logo', { logo_url: '' }, 'logo_url', 'Please upload the logo.', '请上传 Logo。'],
    ['a bad colour', { content_color: 'red' }, 'content_color', 'Enter a colour such as #1677ff.', '请输入颜色，例如 #1677ff。'],
    ['an unknown font', { font: 'Comic Sans' }, 'font', 'Choose a font from the list.', '请从列表中选择字体。'],
    ['a social link without a type', { social_links: [{ type: '', url: 'https://x.com/a' }] }, 'social_links.0.type', 'Choose the type of the social link.', '请选择社交链接的类型。'],
    ['a social link without a link', { social_links: [{ type: 'x', url: '' }] }, 'social_links.0.url', 'Enter a full link starting with http:// or https://.', '请输入以 http:// 或 https:// 开头的完整链接。'],
    ['a repeated social type', { social_links: [{ type: 'x', url: 'https://x.com/a' }, { type: 'x', url: 'https://x.com/b' }] }, 'social_links', 'Each social type can be added only once.', '每种社交类型只能添加一次。'],
  ];
  for (const [what, change, field, en, zh] of cases) {
    it(`refuses ${what} in both languages and keeps the saved style`, async () => {
      for (const [lang, msg] of [['en-US', en], ['zh-CN', zh]] as const) {
        const res = await t.call(api.brand.saveEmailStyle, { token: a.token, body: { ...style, ...change }, lang });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe(103);
        expect(res.body.msg).toBe(msg);
        expect((res.body.data as unknown as { fields: Record<string, string> }).fields[field]).toBe(msg);
      }
      expect((await t.call(api.brand.emailStyle, { token: a.token })).body.data).toEqual(style);
    });
  }
});

describe('uploads', () => {
  it('takes a 4:1 JPEG logo under 200 KB without advice and serves it publicly', async () => {
    const bytes = makeJpeg(600, 150);
    const res = await uploadLogo(a.token, 'logo.jpeg', bytes);
    expect(res.body.code, res.body.msg).toBe(100);
    const d = res.body.data;
    expect(d).toMatchObject({ mime: 'image/jpeg', width: 600, height: 150, size: bytes.length, file_name: 'logo.jpeg', warnings: [] });
    expect(d.url).toMatch(new RegExp(`^https://mail\\.example\\.test/media/${d.media_id}\\.jpg$`));
    // Fetchable without a session, byte for byte, as an image.
    const served = await fetchPublic(d.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    // It belongs to A's store and lies in A's upload folder.
    const [row] = await t.deps.dbh.db.select().from(media).where(eq(media.id, d.media_id));
    expect(row!.shopId).toBe(a.shopId);
    expect(row!.purpose).toBe('logo');
    expect(row!.path.split(path.sep).slice(0, 2)).toEqual(['uploads', a.shopId]);
    expect(readFileSync(path.join(t.deps.config.dataDir, row!.path)).equals(bytes)).toBe(true);
  });

  it('advises (not refuses) a logo that is not 4:1, not JPG or over 200 KB, in both languages', async () => {
    const png = await uploadLogo(a.token, 'logo.png', makePng(800, 200));
    expect(png.body.code).toBe(100);
    expect(png.body.data.warnings.map((w) => w.code)).toEqual(['format']);

    const gif = await uploadLogo(a.token, 'logo.gif', makeGif(), 'zh-CN');
    expect(gif.body.code).toBe(100);
    expect(gif.body.data).toMatchObject({ mime: 'image/gif', width: 1, height: 1 });
    expect(gif.body.data.warnings.map((w) => w.message)).toEqual([
      'Logo 尺寸为 1 x 1，建议比例 4:1（例如 600 x 150）。',
      '建议使用 JPG 格式的 Logo，体积更小、兼容性更好。',
    ]);

    const heavy = await uploadLogo(a.token, 'logo.jpg', makeJpeg(640, 200, { padTo: 250_000 }));
    expect(heavy.body.code).toBe(100);
    expect(heavy.body.data.warnings).toEqual([
      { code: 'ratio', message: 'The logo is 640 x 200; a 4:1 logo (for example 600 x 150) looks best.' },
      { code: 'size', message: 'The logo is 244 KB; under 200 KB is recommended so e-mails load fast.' },
    ]);
  });

  it('refuses a .png that is really text, and other file types, in both languages', async () => {
    const fake = await uploadImage(a.token, 'photo.png', 'this is not a picture at all, just text');
    expect(fake.status).toBe(400);
    expect(fake.body.msg).toBe('Only jpg, jpeg, gif or png images can be uploaded.');
    const zh = await uploadLogo(a.token, 'logo.jpg', Buffer.from('%PDF-1.4 not an image really'), 'zh-CN');
    expect(zh.body.msg).toBe('仅支持上传 jpg、jpeg、gif 或 png 图片。');
    const svg = await uploadImage(a.token, 'logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(svg.body.msg).toBe('Only jpg, jpeg, gif or png images can be uploaded.');
    // A real PNG under a name that is not an image name is refused too.
    expect((await uploadImage(a.token, 'photo.html', makePng(4, 4))).body.code).not.toBe(100);
    expect((await uploadImage(a.token, 'empty.png', Buffer.alloc(0))).body.msg).toBe('The file is empty.');
    expect((await t.call(api.brand.imageList, { token: a.token })).body.data).toEqual([]);
  });

  it('refuses a 3 MB image, and one just over 2 MB, with the SPEC message', async () => {
    const big = makePng(10, 10, { padTo: 3 * 1024 * 1024 });
    for (const send of [uploadImage, uploadLogo]) {
      const res = await send(a.token, 'big.png', big);
      expect(res.status).toBe(413);
      expect(res.body.msg).toBe('Upload file size should be less than 2M.');
    }
    const zh = await uploadImage(a.token, 'big.png', big, 'zh-CN');
    expect(zh.body.msg).toBe('上传文件大小应小于 2M。');
    // Just over the limit, so the multipart size limit (not the declared length) refuses it.
    const over = await uploadImage(a.token, 'over.jpg', makeJpeg(100, 100, { padTo: LIMITS.imageMaxBytes + 100 }));
    expect(over.status).toBe(413);
    const atLimit = await uploadImage(a.token, 'at.jpg', makeJpeg(100, 100, { padTo: LIMITS.imageMaxBytes - 10 }));
    expect(atLimit.body.code, atLimit.body.msg).toBe(100);
    await t.call(api.brand.deleteItem, { token: a.token, body: { id: atLimit.body.data.id } });
  });

  it('answers 404 for an unknown or malformed media address', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/media/00000000-0000-4000-8000-000000000000.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
    const up = await uploadLogo(a.token, 'l.png', makePng(8, 2));
    // The right id with another extension is not the file.
    expect((await t.app.inject({ method: 'GET', url: `/media/${up.body.data.media_id}.gif` })).statusCode).toBe(404);
  });
});

describe('coupon presets', () => {
  it('adds, lists, edits and deletes presets of its own store', async () => {
    const add = await t.call(api.brand.savePreset, { token: a.token, body: { code: 'WELCOME10', discount: 10, description: 'First order' } });
    expect(add.body.code, add.body.msg).toBe(100);
    expect(add.body.data).toMatchObject({ code: 'WELCOME10', discount: 10, description: 'First order' });
    await t.call(api.brand.savePreset, { token: a.token, body: { code: 'VIP45', discount: 45.5 } });
    const list = await t.call(api.brand.presets, { token: a.token });
    expect(list.body.data.map((c) => [c.code, c.discount])).toEqual([['VIP45', 45.5], ['WELCOME10', 10]]);
    expect((await t.call(api.brand.presets, { token: b.token })).body.data).toEqual([]);

    const edit = await t.call(api.brand.savePreset, { token: a.token, body: { id: add.body.data.id, code: 'WELCOME15', discount: 15, description: '' } });
    expect(edit.body.data).toMatchObject({ id: add.body.data.id, code: 'WELCOME15', discount: 15 });
    // B cannot edit or delete A's preset.
    const bEdit = await t.call(api.brand.savePreset, { token: b.token, body: { id: add.body.data.id, code: 'HIJACK', discount: 99 } });
    expect(bEdit.body.msg).toBe('The coupon does not exist.');
    expect((await t.call(api.brand.deletePreset, { token: b.token, body: { id: add.body.data.id } })).body.data).toEqual({ deleted: false });
    expect((await t.call(api.brand.presets, { token: a.token })).body.data).toHaveLength(2);

    expect((await t.call(api.brand.deletePreset, { token: a.token, body: { id: add.body.data.id } })).body.data).toEqual({ deleted: true });
    expect((await t.call(api.brand.presets, { token: a.token })).body.data.map((c) => c.code)).toEqual(['VIP45']);
  });

  it('keeps codes unique within a store, but not across stores', async () => {
    const again = await t.call(api.brand.savePreset, { token: a.token, body: { code: 'VIP45', discount: 5 }, lang: 'zh-CN' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('该优惠码已存在。');
    expect((await t.call(api.brand.savePreset, { token: b.token, body: { code: 'VIP45', discount: 5 } })).body.code).toBe(100);
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['no code', { code: '  ', discount: 10 }, 'Enter the coupon code.', '请输入优惠码。'],
    ['a discount over 100', { code: 'X', discount: 101 }, 'The discount must be between 0 and 100.', '折扣必须在 0 到 100 之间。'],
    ['a negative discount', { code: 'X', discount: -1 }, 'The discount must be between 0 and 100.', '折扣必须在 0 到 100 之间。'],
    ['no discount', { code: 'X' }, 'Enter the discount.', '请输入折扣。'],
    ['a code over 40 characters', { code: 'X'.repeat(41), discount: 1 }, 'The coupon code is at most 40 characters.', '优惠码最多 40 个字符。'],
  ];
  for (const [what, body, en, zh] of bad) {
    it(`refuses ${what} in both languages`, async () => {
      for (const [lang, msg] of [['en-US', en], ['zh-CN', zh]] as const) {
        const res = await t.call(api.brand.savePreset, { token: a.token, body, lang });
        expect(res.body.code).toBe(103);
        expect(res.body.msg).toBe(msg);
      }
    });
  }
});

describe('content library', () => {
  it('keeps titles: add, edit, list, delete', async () => {
    const add = await t.call(api.brand.saveTitle, { token: a.token, body: { text: 'Spring sale: 20% off' } });
    expect(add.body.code, add.body.msg).toBe(100);
    await t.call(api.brand.saveTitle, { token: a.token, body: { id: add.body.data.id, text: 'Spring sale: 25% off' } });
    const list = await t.call(api.brand.titleList, { token: a.token });
    expect(list.body.data.map((x) => x.text)).toEqual(['Spring sale: 25% off']);
    expect((await t.call(api.brand.titleList, { token: b.token })).body.data).toEqual([]);
    const empty = await t.call(api.brand.saveTitle, { token: a.token, body: { text: '' }, lang: 'zh-CN' });
    expect(empty.body.msg).toBe('请输入标题。');
    expect((await t.call(api.brand.saveTitle, { token: a.token, body: { id: 'nope', text: 'x' } })).body.msg).toBe('The library item does not exist.');
    await t.call(api.brand.deleteItem, { token: a.token, body: { id: add.body.data.id } });
    expect((await t.call(api.brand.titleList, { token: a.token })).body.data).toEqual([]);
  });

  it('keeps templates, saved by the route or by saveLibraryTemplate', async () => {
    const { id } = await saveLibraryTemplate(t.deps.dbh.db, shopScope(a.shopId), { name: 'From a send', content: doc });
    const viaRoute = await t.call(api.brand.saveTemplate, { token: a.token, body: { name: 'Welcome', content: doc } });
    expect(viaRoute.body.code, viaRoute.body.msg).toBe(100);
    expect(viaRoute.body.data).toMatchObject({ name: 'Welcome', content: doc });
    const list = await t.call(api.brand.templateList, { token: a.token });
    expect(list.body.data.map((x) => x.name)).toEqual(['Welcome', 'From a send']);
    expect(list.body.data[1]).toMatchObject({ id, content: doc });
    expect(Date.parse(list.body.data[0]!.updated_at)).toBeGreaterThan(0);

    await t.call(api.brand.saveTemplate, { token: a.token, body: { id, name: 'Renamed', content: doc } });
    expect((await t.call(api.brand.templateList, { token: a.token })).body.data.map((x) => x.name)).toEqual(['Renamed', 'Welcome']);
    // Another store can neither see nor overwrite it.
    expect((await t.call(api.brand.templateList, { token: b.token })).body.data).toEqual([]);
    expect((await t.call(api.brand.saveTemplate, { token: b.token, body: { id, name: 'Hijack', content: doc } })).body.code).toBe(104);
    await expect(saveLibraryTemplate(t.deps.dbh.db, shopScope(b.shopId), { id, name: 'Hijack', content: doc })).rejects.toThrow();

    const noFooter = await t.call(api.brand.saveTemplate, { token: a.token, body: { name: 'Bad', content: { version: 1, blocks: [{ type: 'divider', id: 'd' }] } } });
    expect(noFooter.body.msg).toBe('The e-mail needs exactly one footer with the unsubscribe link.');
    const noName = await t.call(api.brand.saveTemplate, { token: a.token, body: { name: '', content: doc }, lang: 'zh-CN' });
    expect(noName.body.msg).toBe('请输入模板名称。');
  });

  it('keeps uploaded images, listed with their public address', async () => {
    const up = await uploadImage(a.token, 'banner.png', makePng(600, 300));
    expect(up.body.code, up.body.msg).toBe(100);
    expect(up.body.data).toMatchObject({ name: 'banner.png', width: 600, height: 300, mime: 'image/png' });
    const list = await t.call(api.brand.imageList, { token: a.token });
    expect(list.body.data).toEqual([up.body.data]);
    expect((await fetchPublic(up.body.data.url)).statusCode).toBe(200);
    expect((await t.call(api.brand.imageList, { token: b.token })).body.data).toEqual([]);
    // Deleting the entry keeps the file: e-mails already sent still show it.
    await t.call(api.brand.deleteItem, { token: a.token, body: { id: up.body.data.id } });
    expect((await t.call(api.brand.imageList, { token: a.token })).body.data).toEqual([]);
    expect((await fetchPublic(up.body.data.url)).statusCode).toBe(200);
  });
});

describe('uploaded images after the public address changes', () => {
  it('mail and the admin point at the new address, for existing documents too', async () => {
    const logo = (await uploadLogo(a.token, 'logo.png', makePng(400, 100))).body.data;
    const image = (await uploadImage(a.token, 'banner.png', makePng(600, 300))).body.data;
    const c = await signUp(t, { name: 'Brand C' });
    const foreign = (await uploadImage(c.token, 'theirs.png', makePng(10, 10))).body.data;
    expect(image.url).toMatch(/^https:\/\/mail\.example\.test\/media\/[0-9a-f-]{36}\.png$/);
    const saved = await t.call(api.brand.saveEmailStyle, { token: a.token, body: { ...style, logo_url: logo.url } });
    expect(saved.body.code, saved.body.msg).toBe(100);
    const content: EmailDoc = {
      version: 1,
      blocks: [
        { type: 'header', id: 'h', align: 'center' },
        { type: 'image', id: 'i', src: image.url, alt: 'Banner', width: 100 },
        { type: 'image', id: 'j', src: foreign.url, alt: 'Not ours', width: 100 },
        { type: 'image', id: 'k', src: 'https://cdn.example.com/media/00000000-0000-4000-8000-000000000000.png', alt: 'Elsewhere', width: 100 },
        { type: 'footer', id: 'f', text: '', address: '' },
      ],
    };
    const draft = await t.call(api.strategy.save, { token: a.token, body: { name: 'Moved', title: 'Moved', content, send_mode: 'draft' } });
    expect(draft.body.code, draft.body.msg).toBe(100);
    await t.call(api.brand.saveTemplate, { token: a.token, body: { name: 'Moved template', content } });

    const before = t.deps.config.publicUrl;
    t.deps.config.publicUrl = 'https://new-home.example.test';
    try {
      const moved = (u: string) => `https://new-home.example.test${new URL(u).pathname}`;
      const pv = await t.call(api.strategy.preview, { token: a.token, body: { title: 'Moved', content } });
      expect(pv.body.code, pv.body.msg).toBe(100);
      expect(pv.body.data.html).toContain(`src="${moved(logo.url)}"`);
      expect(pv.body.data.html).toContain(`src="${moved(image.url)}"`);
      expect(pv.body.data.html).not.toContain(logo.url);
      expect(pv.body.data.html).not.toContain(image.url);
      // Another store's upload and other hosts' images are left as written.
      expect(pv.body.data.html).toContain(`src="${foreign.url}"`);
      expect(pv.body.data.html).toContain('src="https://cdn.example.com/media/00000000-0000-4000-8000-000000000000.png"');
      // The admin is answered with the new address too.
      expect((await t.call(api.brand.emailStyle, { token: a.token })).body.data.logo_url).toBe(moved(logo.url));
      const detail = (await t.call(api.strategy.detail, { token: a.token, query: { id: draft.body.data.id } })).body.data;
      expect(detail.content!.blocks[1]).toMatchObject({ src: moved(image.url) });
      expect(detail.content!.blocks[2]).toMatchObject({ src: foreign.url });
      const template = (await t.call(api.brand.templateList, { token: a.token })).body.data.find((x) => x.name === 'Moved template')!;
      expect(template.content.blocks[1]).toMatchObject({ src: moved(image.url) });
      expect((await t.call(api.brand.imageList, { token: a.token })).body.data[0]!.url).toBe(moved(image.url));
    } finally {
      t.deps.config.publicUrl = before;
    }
  });
});

describe('sales attribution', () => {
  it('defaults to 5 days and click, then saves per store', async () => {
    expect((await t.call(api.brand.salesAttribution, { token: a.token })).body.data).toEqual({ window_days: 5, trigger: 'click' });
    const save = await t.call(api.brand.saveSalesAttribution, { token: a.token, body: { window_days: 7, trigger: 'open' } });
    expect(save.body.data).toEqual({ window_days: 7, trigger: 'open' });
    expect(await readSalesAttribution(t.deps.dbh.db, shopScope(a.shopId))).toEqual({ window_days: 7, trigger: 'open' });
    expect(await readSalesAttribution(t.deps.dbh.db, shopScope(b.shopId))).toEqual({ window_days: 5, trigger: 'click' });
    await t.call(api.brand.saveSalesAttribution, { token: a.token, body: { window_days: 3, trigger: 'click' } });
    expect((await t.call(api.brand.salesAttribution, { token: a.token })).body.data).toEqual({ window_days: 3, trigger: 'click' });
  });

  it('refuses a window outside 1-90 days or another trigger, in both languages', async () => {
    for (const body of [{ window_days: 0, trigger: 'click' }, { window_days: 91, trigger: 'click' }, { window_days: 2.5, trigger: 'click' }]) {
      expect((await t.call(api.brand.saveSalesAttribution, { token: a.token, body })).body.msg).toBe('The attribution window is 1 to 90 days.');
      expect((await t.call(api.brand.saveSalesAttribution, { token: a.token, body, lang: 'zh-CN' })).body.msg).toBe('归因窗口为 1 到 90 天。');
    }
    const trig = await t.call(api.brand.saveSalesAttribution, { token: a.token, body: { window_days: 5, trigger: 'view' }, lang: 'zh-CN' });
    expect(trig.body.msg).toBe('请选择打开或点击。');
    expect((await t.call(api.brand.salesAttribution, { token: a.token })).body.data).toEqual({ window_days: 3, trigger: 'click' });
  });
});

it('keeps no stray files after refused uploads', () => {
  expect(existsSync(path.join(t.deps.config.dataDir, 'uploads', b.shopId))).toBe(false);
});
