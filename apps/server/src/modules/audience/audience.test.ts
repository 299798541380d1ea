import { api } from '@storecast/contract';
import { events, subscribers } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
let token: string;
let shopId: string;
let other: { token: string; shopId: string };

beforeAll(async () => {
  t = await startTestApp();
  ({ token, shopId } = await signUp(t));
  other = await signUp(t);
});
afterAll(() => t.close());

type CallOpts = { body?: Record<string, unknown>; query?: Record<string, string>; lang?: string };
const call = <R extends Parameters<TestApp['call']>[0]>(route: R, opts: CallOpts = {}) => t.call(route, { token, ...opts });

describe('tags', () => {
  it('creates, renames, lists with counts and deletes', async () => {
    const a = await call(api.audience.tagSave, { body: { name: 'VIP' } });
    expect(a.body.code).toBe(100);
    const b = await call(api.audience.tagSave, { body: { name: 'Newsletter' } });
    const dup = await call(api.audience.tagSave, { body: { name: 'VIP' } });
    expect(dup.body).toMatchObject({ code: 101, msg: 'A tag with this name already exists.' });
    expect((await call(api.audience.tagSave, { body: { name: 'VIP' }, lang: 'zh-CN' })).body.msg).toBe('已存在同名标签。');
    const renamed = await call(api.audience.tagSave, { body: { id: b.body.data.id, name: 'News' } });
    expect(renamed.body.code).toBe(100);
    const s = await call(api.audience.subscriberSave, { body: { email: 'tagged@example.com', tag_ids: [a.body.data.id] } });
    expect(s.body.code).toBe(100);
    const list = await call(api.audience.tagList);
    expect(list.body.data).toEqual([
      { id: b.body.data.id, name: 'News', count: 0 },
      { id: a.body.data.id, name: 'VIP', count: 1 },
    ]);
    expect((await call(api.audience.tagDelete, { body: { id: b.body.data.id } })).body.code).toBe(100);
    expect((await call(api.audience.tagList)).body.data.map((x) => x.name)).toEqual(['VIP']);
  });

  it('checks the name in both languages', async () => {
    const long = await call(api.audience.tagSave, { body: { name: 'x'.repeat(17) } });
    // A tag is not a segment: its own words, not the segment's.
    expect(long.body).toMatchObject({ code: 103, msg: 'Tag name is too long, limit 16 characters.' });
    const empty = await call(api.audience.tagSave, { body: { name: '' } });
    expect(empty.body).toMatchObject({ code: 103, msg: 'Tag name can not be empty.', data: { fields: { name: 'Tag name can not be empty.' } } });
    const zh = await call(api.audience.tagSave, { body: { name: ' ' }, lang: 'zh-CN' });
    expect(zh.body).toMatchObject({ code: 103, msg: '标签名称不能为空。' });
  });
});

describe('subscribers', () => {
  it('adds by hand with manual consent, refuses a taken e-mail, edits', async () => {
    const add = await call(api.audience.subscriberSave, {
      body: { email: ' Ann@Example.com ', first_name: 'Ann', attributes: { plan: 'gold', age: 30 } },
    });
    expect(add.body.code).toBe(100);
    const id = add.body.data.id;
    const again = await call(api.audience.subscriberSave, { body: { email: 'ann@example.com' } });
    expect(again.body).toMatchObject({ code: 101, msg: 'A subscriber with this e-mail address already exists.' });
    expect((await call(api.audience.subscriberSave, { body: { email: 'ann@example.com' }, lang: 'zh-CN' })).body.msg).toBe('已存在使用该邮箱的订阅者。');
    const detail = await call(api.audience.subscriberDetail, { query: { id: String(id) } });
    expect(detail.body.data).toMatchObject({
      email: 'ann@example.com', first_name: 'Ann', source: 'manual', status: 'subscribed', activity_level: 'C',
      attributes: { plan: 'gold', age: 30 }, consent: { source: 'manual' }, orders: [], events: [], order_count: 0,
    });
    const edit = await call(api.audience.subscriberSave, { body: { id, email: 'ann@example.com', phone: '+8613800138000', last_name: 'Lee' } });
    expect(edit.body.code).toBe(100);
    expect((await call(api.audience.subscriberDetail, { query: { id: String(id) } })).body.data).toMatchObject({ last_name: 'Lee', phone: '+8613800138000' });
  });

  it('needs an e-mail or a phone, in both languages', async () => {
    expect((await call(api.audience.subscriberSave, { body: { first_name: 'X' } })).body)
      .toMatchObject({ code: 103, msg: 'Enter an e-mail address or a phone number.' });
    expect((await call(api.audience.subscriberSave, { body: { first_name: 'X' }, lang: 'zh-CN' })).body)
      .toMatchObject({ code: 103, msg: '请填写邮箱或手机号。' });
    expect((await call(api.audience.subscriberSave, { body: { email: 'nope' } })).body).toMatchObject({ code: 103, msg: 'Account format is not correct.' });
  });

  it('shows orders and events in the detail, and 404 for an unknown id', async () => {
    const add = await call(api.audience.subscriberSave, { body: { email: 'timeline@example.com' } });
    const id = add.body.data.id;
    await t.deps.dbh.db.insert(events).values({ shopId, subscriberId: id, type: 'opened', occurredAt: new Date(), subject: 'Spring sale' });
    await t.deps.dbh.db.update(subscribers).set({ lastOpenAt: new Date() }).where(eq(subscribers.id, id));
    const d = await call(api.audience.subscriberDetail, { query: { id: String(id) } });
    expect(d.body.data.events).toEqual([expect.objectContaining({ type: 'opened', subject: 'Spring sale' })]);
    expect(d.body.data.activity_level).toBe('A');
    expect((await call(api.audience.subscriberDetail, { query: { id: '99999999' } })).body.code).toBe(104);
    expect((await call(api.audience.subscriberDetail, { query: { id: 'abc' } })).body.code).toBe(104);
  });

  it('pages newest first by cursor, with the exact total under the filter', async () => {
    const made: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await call(api.audience.subscriberSave, { body: { email: `page${i}@paging.test`, first_name: `Page${i}` } });
      made.push(r.body.data.id);
    }
    const seen: number[] = [];
    let cursor: string | null | undefined;
    do {
      const res = await call(api.audience.subscriberList, { query: { q: 'page', page_size: '3', ...(cursor ? { cursor } : {}) } });
      expect(res.body.data.total).toBe(7);
      seen.push(...res.body.data.items.map((x) => x.id));
      cursor = res.body.data.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });

  it('filters by search, status, source, tag, segment and subscription date', async () => {
    const tag = (await call(api.audience.tagSave, { body: { name: 'Filter tag' } })).body.data.id;
    const a = (await call(api.audience.subscriberSave, { body: { email: 'zed@filter.test', first_name: 'Zed', last_name: 'Alpha', phone: '+15551234567', tag_ids: [tag] } })).body.data.id;
    const b = (await call(api.audience.subscriberSave, { body: { email: 'yan@filter.test', first_name: 'Yan' } })).body.data.id;
    await t.deps.dbh.db.update(subscribers).set({ status: 'unsubscribed', source: 'import', subscribedAt: new Date('2020-01-15T00:00:00Z') }).where(eq(subscribers.id, b));
    const ids = async (query: Record<string, string>) => (await call(api.audience.subscriberList, { query })).body.data.items.map((x) => x.id);
    expect(await ids({ q: 'zed@' })).toEqual([a]);
    expect(await ids({ q: '+1555123' })).toEqual([a]);
    expect(await ids({ q: 'zed alp' })).toEqual([a]);
    expect(await ids({ q: 'alpha' })).toEqual([a]);
    expect(await ids({ q: '%' })).toEqual([]);
    expect(await ids({ q: 'filter.test', status: 'unsubscribed' })).toEqual([]);
    expect(await ids({ status: 'unsubscribed' })).toEqual([b]);
    expect(await ids({ source: 'import' })).toEqual([b]);
    expect(await ids({ tag_id: String(tag) })).toEqual([a]);
    expect(await ids({ subscribed_from: '2020-01-01T00:00:00Z', subscribed_to: '2020-01-31T00:00:00Z' })).toEqual([b]);
    const seg = (await call(api.audience.segmentSave, { body: { name: 'Zeds', match: 'all', conditions: [{ field: 'first_name', op: 'eq', value: 'zed' }] } })).body.data.id;
    expect(await ids({ segment_id: seg })).toEqual([a]);
    const list = await call(api.audience.subscriberList, { query: { segment_id: 'system:neverPurchased', q: 'yan' } });
    expect(list.body.data.items.map((x) => x.id)).toEqual([b]);
    expect((await call(api.audience.subscriberList, { query: { segment_id: '123456789' } })).body.code).toBe(104);
    expect((await call(api.audience.subscriberList, { query: { subscribed_from: 'yesterday' } })).body.code).toBe(103);
  });

  it('bulk tags, untags and unsubscribes by ids and by filter', async () => {
    const tag = (await call(api.audience.tagSave, { body: { name: 'Bulk' } })).body.data.id;
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await call(api.audience.subscriberSave, { body: { email: `bulk${i}@bulk.test` } })).body.data.id);
    const bulk = (body: Record<string, unknown>) => call(api.audience.subscriberBulk, { body });
    expect((await bulk({ action: 'tag', tag_id: tag, filter: { q: 'bulk' } })).body.data).toEqual({ affected: 4 });
    expect((await bulk({ action: 'tag', tag_id: tag, filter: { q: 'bulk' } })).body.data).toEqual({ affected: 0 });
    expect((await bulk({ action: 'untag', tag_id: tag, ids: ids.slice(0, 1) })).body.data).toEqual({ affected: 1 });
    expect((await call(api.audience.tagList)).body.data.find((x) => x.id === tag)!.count).toBe(3);
    expect((await bulk({ action: 'unsubscribe', filter: { tag_id: tag } })).body.data).toEqual({ affected: 3 });
    expect((await bulk({ action: 'unsubscribe', ids })).body.data).toEqual({ affected: 1 });
    const after = await call(api.audience.subscriberList, { query: { q: 'bulk', status: 'subscribed' } });
    expect(after.body.data.total).toBe(0);
    expect((await bulk({ action: 'unsubscribe' })).body).toMatchObject({ code: 101, msg: 'Choose subscribers or a filter.' });
    expect((await bulk({ action: 'tag', ids })).body).toMatchObject({ code: 101, msg: 'Choose a tag.' });
    expect((await bulk({ action: 'tag', ids, tag_id: 99999999 })).body).toMatchObject({ code: 104, msg: 'The tag does not exist.' });
  });
});

describe('segments', () => {
  it('lists system groups first with localised names and counts', async () => {
    const en = await call(api.audience.segmentList);
    expect(en.body.code).toBe(100);
    const system = en.body.data.filter((s) => s.system);
    expect(system.map((s) => s.id)).toEqual(['system:active', 'system:loyal', 'system:recentBuyers', 'system:neverPurchased', 'system:inactive']);
    expect(en.body.data.slice(0, system.length).every((s) => s.system)).toBe(true);
    expect(system[0]!.name).toBe('Active subscribers');
    const zh = await call(api.audience.segmentList, { lang: 'zh-CN' });
    expect(zh.body.data[0]!.name).toBe('活跃订阅者');
    const never = system.find((s) => s.id === 'system:neverPurchased')!;
    const count = await call(api.audience.segmentCount, { body: { match: never.match, conditions: never.conditions } });
    expect(never.count).toBe(count.body.data.count);
    expect(never.count).toBeGreaterThan(0);
  });

  it('refuses to add, edit or delete a system group', async () => {
    for (const res of [
      await call(api.audience.segmentSave, { body: { id: 'system:active', name: 'Mine', match: 'all', conditions: [{ field: 'order_count', op: 'gt', value: 1 }] } }),
      await call(api.audience.segmentSave, { body: { id: 'system:new', name: 'Mine', match: 'all', conditions: [{ field: 'order_count', op: 'gt', value: 1 }] } }),
      await call(api.audience.segmentDelete, { body: { id: 'system:active' } }),
    ]) expect(res.body).toMatchObject({ code: 101, msg: 'System recommended groups cannot be added.' });
    expect((await call(api.audience.segmentDelete, { body: { id: 'system:active' }, lang: 'zh-CN' })).body.msg).toBe('系统推荐分组不能添加。');
  });

  it('saves, edits, counts, refuses duplicates and deletes', async () => {
    const body = { name: 'Big spenders', match: 'any' as const, conditions: [{ field: 'total_spent' as const, op: 'gte' as const, value: 100 }] };
    const saved = await call(api.audience.segmentSave, { body });
    expect(saved.body.code).toBe(100);
    expect((await call(api.audience.segmentSave, { body })).body).toMatchObject({ code: 101, msg: 'A segment with this name already exists.' });
    const edited = await call(api.audience.segmentSave, { body: { ...body, id: saved.body.data.id, name: 'Spenders' } });
    expect(edited.body.data.id).toBe(saved.body.data.id);
    const mine = (await call(api.audience.segmentList)).body.data.find((s) => s.id === saved.body.data.id)!;
    expect(mine).toMatchObject({ name: 'Spenders', system: false, count: 0 });
    expect((await call(api.audience.segmentDelete, { body: { id: saved.body.data.id } })).body.code).toBe(100);
    expect((await call(api.audience.segmentList)).body.data.find((s) => s.id === saved.body.data.id)).toBeUndefined();
  });

  it('validates names and conditions in both languages', async () => {
    const ok = [{ field: 'order_count', op: 'gt', value: 1 }];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'x'.repeat(17), match: 'all', conditions: ok }, 'Segment name is too long, limit 16 characters.', '分群名称过长，限 16 个字符。'],
      [{ name: 'A', match: 'all', conditions: [] }, 'Add at least one condition.', '请至少添加一个条件。'],
      [{ name: 'A', match: 'all', conditions: [{ field: 'email', op: 'eq' }] }, 'Please complete the condition.', '请完善条件。'],
      [{ name: 'A', match: 'all', conditions: [{ field: 'order_count', op: 'gt', value: -1 }] }, 'Please enter a valid number.', '请输入有效的数字。'],
      [{ name: 'A', match: 'all', conditions: [{ field: 'behavior', event: 'opened', op: 'did', days: 0 }] }, 'Please enter a valid number.', '请输入有效的数字。'],
    ];
    for (const [body, en, zh] of cases) {
      expect((await call(api.audience.segmentSave, { body })).body).toMatchObject({ code: 103, msg: en });
      expect((await call(api.audience.segmentSave, { body, lang: 'zh-CN' })).body).toMatchObject({ code: 103, msg: zh });
    }
  });

  it('counts conditions live without saving', async () => {
    await call(api.audience.subscriberSave, { body: { email: 'counted@live.test', attributes: { size: 42 } } });
    const res = await call(api.audience.segmentCount, { body: { match: 'all', conditions: [{ field: 'attribute', key: 'size', op: 'gt', value: 41 }] } });
    expect(res.body.data).toEqual({ count: 1 });
  });
});

const zhTagNotFound = '标签不存在。';

describe('another store', () => {
  it('cannot read or change these subscribers, tags or segments with their ids', async () => {
    const mine = (await call(api.audience.subscriberSave, { body: { email: 'private@mine.test' } })).body.data.id;
    const tag = (await call(api.audience.tagSave, { body: { name: 'Private' } })).body.data.id;
    const seg = (await call(api.audience.segmentSave, { body: { name: 'Private', match: 'all', conditions: [{ field: 'order_count', op: 'gte', value: 0 }] } })).body.data.id;
    const as = <R extends Parameters<TestApp['call']>[0]>(route: R, opts: CallOpts = {}) => t.call(route, { token: other.token, ...opts });
    expect((await as(api.audience.subscriberDetail, { query: { id: String(mine) } })).body.code).toBe(104);
    expect((await as(api.audience.subscriberSave, { body: { id: mine, email: 'stolen@x.test' } })).body.code).toBe(104);
    expect((await as(api.audience.subscriberSave, { body: { email: 'x@other.test', tag_ids: [tag] } })).body.code).toBe(104);
    expect((await as(api.audience.subscriberBulk, { body: { action: 'unsubscribe', ids: [mine] } })).body.data).toEqual({ affected: 0 });
    expect((await as(api.audience.subscriberBulk, { body: { action: 'tag', tag_id: tag, ids: [mine] } })).body.code).toBe(104);
    expect((await as(api.audience.tagSave, { body: { id: tag, name: 'Hijack' } })).body.code).toBe(104);
    expect((await as(api.audience.tagDelete, { body: { id: tag } })).body.code).toBe(100);
    expect((await as(api.audience.segmentSave, { body: { id: seg, name: 'Hijack', match: 'all', conditions: [{ field: 'order_count', op: 'gte', value: 0 }] } })).body.code).toBe(104);
    expect((await as(api.audience.segmentDelete, { body: { id: seg } })).body.code).toBe(100);
    // A rule naming this store's tag, or a tag that does not exist, is refused in the caller's language.
    const borrowed = await as(api.audience.segmentSave, { body: { name: 'Borrowed', match: 'any', conditions: [{ field: 'order_count', op: 'gte', value: 0 }, { field: 'tag', op: 'has', value: tag }] } });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.msg).toBe('The tag does not exist.');
    const ghost = await call(api.audience.segmentSave, { body: { name: 'Ghost', match: 'all', conditions: [{ field: 'tag', op: 'not_has', value: 987654321 }] }, lang: 'zh-CN' });
    expect(ghost.status).toBe(400);
    expect(ghost.body.msg).toBe(zhTagNotFound);
    expect((await as(api.audience.segmentList)).body.data.some((x) => x.name === 'Borrowed')).toBe(false);
    expect((await call(api.audience.segmentList)).body.data.some((x) => x.name === 'Ghost')).toBe(false);
    const own = await call(api.audience.segmentSave, { body: { name: 'Tagged', match: 'all', conditions: [{ field: 'tag', op: 'has', value: tag }] } });
    expect(own.body.code, own.body.msg).toBe(100);
    expect((await as(api.audience.subscriberList, { query: { segment_id: seg } })).body.code).toBe(104);
    expect((await as(api.audience.subscriberList, { query: { tag_id: String(tag) } })).body.data.total).toBe(0);
    const d = await call(api.audience.subscriberDetail, { query: { id: String(mine) } });
    expect(d.body.data).toMatchObject({ email: 'private@mine.test', status: 'subscribed' });
    expect((await call(api.audience.tagList)).body.data.some((x) => x.id === tag && x.name === 'Private')).toBe(true);
    expect((await call(api.audience.segmentList)).body.data.some((x) => x.id === seg && x.name === 'Private')).toBe(true);
    void other.shopId;
  });
});
