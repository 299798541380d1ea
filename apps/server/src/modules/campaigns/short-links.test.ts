import { api, type CampaignLinkBody, LINK_CODE_PATTERN } from '@storecast/contract';
import { shortLinks } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { discount, ok } from './test/campaign-fixtures.ts';

let t: TestApp;
let a: { token: string; shopId: string };
let b: { token: string; shopId: string };

beforeAll(async () => {
  t = await startTestApp();
  a = await signUp(t, { name: 'Link Tea' });
  b = await signUp(t, { name: 'Link Coffee' });
  const home = async (token: string, homepage_url: string) =>
    ok(await t.call(api.shop.saveInfo, { token, body: { name: 'Links', homepage_url, currency: 'USD', timezone: 'UTC' } }));
  await home(a.token, 'https://tea.example.com');
  await home(b.token, 'https://coffee.example.com');
});
afterAll(() => t.close());

const link = (over: Partial<CampaignLinkBody> = {}): CampaignLinkBody => ({
  destination: 'https://tea.example.com/collections/green?ref=home#top', utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'spring sale', ...over,
});
const create = (body: CampaignLinkBody, token = a.token, lang = 'en-US') => t.call(api.campaignLink.create, { token, lang, body });
const follow = (code: string, method: 'GET' | 'HEAD' = 'GET', lang = 'en-US') =>
  t.app.inject({ method, url: `/api/public/l/${code}`, headers: { 'accept-language': lang } });
const list = (token: string, query: Record<string, string> = {}) => t.call(api.campaignLink.list, { token, query });

describe('saving a link', () => {
  it('answers the full URL with UTM parameters and a short link on the product\'s public address', async () => {
    const saved = ok(await create(link({ utm_term: 'green tea', utm_content: 'story' })));
    expect(saved.full_url).toBe('https://tea.example.com/collections/green?ref=home&utm_source=instagram&utm_medium=social'
      + '&utm_campaign=spring%20sale&utm_term=green%20tea&utm_content=story#top');
    expect(saved.code).toMatch(LINK_CODE_PATTERN);
    expect(saved.short_url).toBe(`${t.deps.config.publicUrl}/api/public/l/${saved.code}`);
    expect(saved).toMatchObject({ clicks: 0, campaign: null, utm_term: 'green tea', destination: 'https://tea.example.com/collections/green?ref=home#top' });
  });

  it('replaces UTM parameters the destination already has and writes the URL as a browser would', async () => {
    const saved = ok(await create(link({ destination: 'https://WWW.Tea.example.com/p/茶?utm_source=old&x=1', utm_campaign: 'c' })));
    expect(saved.full_url).toBe('https://www.tea.example.com/p/%E8%8C%B6?x=1&utm_source=instagram&utm_medium=social&utm_campaign=c');
  });

  it('refuses a page of another host, in the owner\'s language', async () => {
    for (const destination of ['https://evil.example.net/tea', 'https://tea.example.com.evil.net/', 'https://blog.tea.example.com/', 'https://coffee.example.com/']) {
      const en = await create(link({ destination }));
      expect(en.status, destination).toBe(400);
      expect((en.body.data as unknown as { fields: Record<string, string> }).fields.destination)
        .toBe('The link must open a page of the store\'s own domain: tea.example.com.');
    }
    const zh = await create(link({ destination: 'https://evil.example.net/' }), a.token, 'zh-CN');
    expect((zh.body.data as unknown as { fields: Record<string, string> }).fields.destination).toBe('链接必须指向本店铺的域名：tea.example.com。');
    expect((await list(a.token)).body.data.items.some((l) => l.destination.includes('evil'))).toBe(false);
  });

  it('refuses what is not a web link, control characters and overlong parameters, field by field', async () => {
    const fields = async (body: CampaignLinkBody) => {
      const r = await create(body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      return (r.body.data as unknown as { fields: Record<string, string> }).fields;
    };
    for (const destination of ['javascript:alert(1)//tea.example.com', 'tea.example.com/p', 'https://user:pw@tea.example.com/', 'https://tea.example.com/a b']) {
      expect((await fields(link({ destination }))).destination, destination).toBe('Enter a full link starting with http:// or https://.');
    }
    expect((await fields(link({ utm_campaign: 'a\r\nSet-Cookie: x=1' }))).utm_campaign).toBe('Line breaks, tabs and other control characters are not allowed.');
    expect((await fields(link({ utm_source: 'x'.repeat(101) }))).utm_source).toBe('At most 100 characters.');
    expect((await fields(link({ utm_medium: '  ' }))).utm_medium).toBe('Fill in this UTM parameter.');
  });

  it('names one of the store\'s own campaigns only', async () => {
    const own = ok(await t.call(api.campaign.save, { token: a.token, body: { campaign: discount({ name: 'Tea week' }) } })).campaign.id;
    const other = ok(await t.call(api.campaign.save, { token: b.token, body: { campaign: discount({ name: 'Coffee week' }) } })).campaign.id;
    expect(ok(await create(link({ campaign_id: own }))).campaign).toEqual({ id: own, name: 'Tea week' });
    for (const id of [other, 'not-a-uuid']) {
      const r = await create(link({ campaign_id: id }));
      expect((r.body.data as unknown as { fields: Record<string, string> }).fields.campaign_id).toBe('The campaign does not exist.');
    }
  });
});

describe('the short link', () => {
  it('redirects to the saved URL, uncached, and counts each click but not a HEAD', async () => {
    const saved = ok(await create(link({ utm_campaign: 'clicks' })));
    for (let i = 0; i < 2; i++) {
      const go = await follow(saved.code);
      expect(go.statusCode).toBe(302);
      expect(go.headers.location).toBe(saved.full_url);
      expect(go.headers['cache-control']).toBe('no-store');
    }
    expect((await follow(saved.code, 'HEAD')).statusCode).toBe(302);
    const row = (await list(a.token)).body.data.items.find((l) => l.id === saved.id)!;
    expect(row.clicks).toBe(2);
    expect(row.last_clicked_at).not.toBeNull();
  });

  it('answers an unknown or malformed code with the not-found envelope', async () => {
    for (const code of ['Zz9Zz9Zz', 'short', 'a'.repeat(9), '%00', 'abc%00def', '..%2F..%2Fetc']) {
      const r = await follow(code);
      expect(r.statusCode, code).toBe(404);
      expect(r.json(), code).toMatchObject({ code: 104 });
      expect(r.headers.location).toBeUndefined();
    }
    // A code past the router's length limit is refused before the route, still with the envelope.
    const long = await follow('a'.repeat(300));
    expect(long.statusCode).toBe(414);
    expect(typeof long.json().msg).toBe('string');
    expect(long.headers.location).toBeUndefined();
    expect((await follow('Zz9Zz9Zz', 'GET', 'zh-CN')).json()).toMatchObject({ msg: '该链接不存在或已删除。' });
  });

  it('never redirects anywhere but a saved destination', async () => {
    for (const code of ['https%3A%2F%2Fevil.example.net', '%2F%2Fevil.example.net']) {
      const r = await follow(code);
      expect(r.statusCode).toBe(404);
    }
    const r = await t.app.inject({ method: 'GET', url: '/api/public/l/Zz9Zz9Zz?url=https://evil.example.net&next=//evil.example.net' });
    expect(r.statusCode).toBe(404);
  });
});

describe('the list and deletes', () => {
  it('pages the store\'s links newest first', async () => {
    const s = await signUp(t, { name: 'Paged' });
    ok(await t.call(api.shop.saveInfo, { token: s.token, body: { name: 'Paged', homepage_url: 'https://paged.example.com', currency: 'USD', timezone: 'UTC' } }));
    for (const c of ['one', 'two', 'three']) ok(await create(link({ destination: 'https://paged.example.com/', utm_campaign: c }), s.token));
    const first = ok(await list(s.token, { page: '1', page_size: '2' }));
    expect(first.total).toBe(3);
    expect(first.items.map((l) => l.utm_campaign)).toEqual(['three', 'two']);
    expect(ok(await list(s.token, { page: '2', page_size: '2' })).items.map((l) => l.utm_campaign)).toEqual(['one']);
  });

  it('keeps each store to its own links: another store neither reads nor deletes them', async () => {
    const saved = ok(await create(link({ utm_campaign: 'private' })));
    expect(ok(await list(b.token)).items.some((l) => l.id === saved.id)).toBe(false);
    const taken = await t.call(api.campaignLink.remove, { token: b.token, body: { id: saved.id } });
    expect(taken.status).toBe(404);
    expect((await follow(saved.code)).statusCode).toBe(302);
    // The owner deletes it: the short link is gone with it.
    expect(ok(await t.call(api.campaignLink.remove, { token: a.token, body: { id: saved.id } }))).toEqual({ deleted: true });
    expect((await follow(saved.code)).statusCode).toBe(404);
    expect(await t.deps.dbh.db.select().from(shortLinks).where(eq(shortLinks.id, saved.id))).toEqual([]);
    expect((await t.call(api.campaignLink.remove, { token: a.token, body: { id: 'nope' } })).status).toBe(404);
  });
});
