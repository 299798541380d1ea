import { api } from '@storecast/contract';
import { deliveries, libraryItems, sendPackages, strategies } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVerifiedSender } from '../../test/seed-verified-sender.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { deliverSend } from '../delivery/index.ts';
import { addSubscribers, ALL, DOC, setVolume, volumeOf } from '../delivery/test/fixtures.ts';
import { segmentSendSource } from './segment-send-source.ts';

/**
 * The strategies API without a worker (mail stays queued): saving drafts, the refusals of SPEC
 * 5 and 8 in both languages, scheduling, terminate, delete, template, and volume under
 * concurrent sends.
 */
let t: TestApp;
let o: { token: string; shopId: string };

beforeAll(async () => {
  t = await startTestApp();
  o = await signUp(t, { name: 'Api Tea' });
  await addSubscribers(t.deps.dbh, o.shopId, 10);
});
afterAll(() => t.close());

const full = (extra: Record<string, unknown> = {}) => ({
  name: 'Weekly', title: 'News', summary: '', segment_ids: [ALL], content: DOC, ...extra,
});
const save = (body: Record<string, unknown>, lang = 'en-US') => t.call(api.strategy.save, { token: o.token, body, lang });
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe('strategies API', () => {
  it('keeps an incomplete draft and refuses bad fields with localised messages', async () => {
    const draft = await save({ name: 'Only a name', send_mode: 'draft' });
    expect(draft.body.code, draft.body.msg).toBe(100);
    expect(draft.body.data).toMatchObject({ status: 'draft', title: '', content: null, stats: { recipients: 0 } });
    const noName = await save({ name: '' }, 'zh-CN');
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toBe('请输入策略名称。');
    const noTitle = await save({ ...full({ title: '' }), send_mode: 'now' });
    expect(noTitle.body.msg).toBe('Enter the email title.');
    // Refused, but kept: the error names the draft it saved.
    const kept = await t.call(api.strategy.detail, { token: o.token, query: { id: (noTitle.body.data as { id: string }).id } });
    expect(kept.body.data).toMatchObject({ status: 'draft', name: 'Weekly' });
  });

  it('refuses to send without a verified sender, in both languages', async () => {
    const en = await save({ ...full(), send_mode: 'now' });
    expect(en.body.msg).toBe("You can't send emails, please verify the sender email and sender domain.");
    const zh = await save({ ...full(), send_mode: 'later', send_at: inHours(3) }, 'zh-CN');
    expect(zh.body.msg).toBe('您无法发送邮件，请先验证发件人邮箱和发件域名。');
    await seedVerifiedSender(t.deps.dbh, o.shopId);
  });

  it('checks the send time: required, valid, an hour ahead, wall time in the store zone', async () => {
    expect((await save({ ...full(), send_mode: 'later' })).body.msg).toBe('Choose the send time.');
    expect((await save({ ...full(), send_mode: 'later', send_at: 'soon' })).body.msg).toBe('The send time is not a valid date and time.');
    const soon = await save({ ...full(), send_mode: 'later', send_at: inHours(0.5) }, 'zh-CN');
    expect(soon.body.msg).toBe('发送时间须至少在一小时之后。');
    // The signed-up store is in Asia/Shanghai (UTC+8): "10:00" there is 02:00 UTC.
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const later = await save({ ...full(), send_mode: 'later', send_at: `${day}T10:00` });
    expect(later.body.code, later.body.msg).toBe(100);
    expect(later.body.data).toMatchObject({ status: 'pending', send_at: `${day}T02:00:00.000Z` });
    // Nothing recorded or reserved until it runs.
    expect(await volumeOf(t.deps.dbh, o.shopId)).toEqual({ remaining: 500, waiting: 0 });
    const stopped = await t.call(api.strategy.terminate, { token: o.token, body: { id: later.body.data.id } });
    expect(stopped.body.data.status).toBe('terminated');
    const again = await t.call(api.strategy.terminate, { token: o.token, body: { id: later.body.data.id }, lang: 'zh-CN' });
    expect(again.body.msg).toBe('只有待发送或发送中的策略可以终止。');
  });

  it('refuses when the volume is short or there is no pack, with SPEC wording', async () => {
    await setVolume(t.deps.dbh, o.shopId, 4);
    const short = await save({ ...full(), send_mode: 'now' });
    expect(short.body.msg).toBe('Your current delivery is 4, which is not enough to complete the delivery of this email, please purchase.');
    const shortZh = await save({ ...full(), send_mode: 'later', send_at: inHours(2) }, 'zh-CN');
    expect(shortZh.body.msg).toBe('您当前的可用发送量为 4，不足以完成本次邮件发送，请购买。');
    await setVolume(t.deps.dbh, o.shopId, null);
    expect((await save({ ...full(), send_mode: 'now' })).body.msg).toBe('No available sending-volume pack, so emails cannot be sent.');
    // Nothing was recorded by the refused sends.
    expect((await t.deps.dbh.db.select().from(deliveries)).length).toBe(0);
  });

  it('sends now: records the audience once, reserves volume; terminate releases what is left', async () => {
    await setVolume(t.deps.dbh, o.shopId, 100);
    const res = await save({ ...full(), send_mode: 'now' });
    expect(res.body.code, res.body.msg).toBe(100);
    expect(res.body.msg).toBe('Sending has started.');
    expect(res.body.data).toMatchObject({ status: 'sending', stats: { recipients: 10 } });
    expect(await volumeOf(t.deps.dbh, o.shopId)).toEqual({ remaining: 100, waiting: 10 });
    const edit = await save({ ...full(), id: res.body.data.id, send_mode: 'draft' });
    expect(edit.body.msg).toBe('Only a draft or a strategy still to be sent can be changed.');
    const del = await t.call(api.strategy.remove, { token: o.token, body: { id: res.body.data.id } });
    expect(del.body.msg).toBe('A strategy that is sending cannot be deleted; terminate it first.');
    const stop = await t.call(api.strategy.terminate, { token: o.token, body: { id: res.body.data.id } });
    expect(stop.body.data.status).toBe('terminated');
    expect(await volumeOf(t.deps.dbh, o.shopId)).toEqual({ remaining: 100, waiting: 0 });
    const rows = await t.deps.dbh.db.select().from(deliveries).where(eq(deliveries.strategyId, res.body.data.id));
    expect(rows.map((r) => r.status)).toEqual(Array(10).fill('cancelled'));
  });

  it('lists, saves as a template, previews, counts and deletes', async () => {
    const list = await t.call(api.strategy.list, { token: o.token, query: { page_size: '2' } });
    expect(list.body.data.total).toBeGreaterThanOrEqual(4);
    expect(list.body.data.items.length).toBe(2);
    const terminated = await t.call(api.strategy.list, { token: o.token, query: { status: 'terminated' } });
    expect(terminated.body.data.items.every((s) => s.status === 'terminated')).toBe(true);
    const id = terminated.body.data.items[0]!.id;
    const tpl = await t.call(api.strategy.saveAsTemplate, { token: o.token, body: { id, name: 'From weekly' } });
    expect(tpl.body.code, tpl.body.msg).toBe(100);
    const [item] = await t.deps.dbh.db.select().from(libraryItems).where(eq(libraryItems.id, tpl.body.data.template_id));
    expect(item!.name).toBe('From weekly');
    const pv = await t.call(api.strategy.preview, { token: o.token, body: { title: 'Hi', content: DOC } });
    expect(pv.body.data.html).toContain('Hi Alex');
    const n = await t.call(api.strategy.audienceCount, { token: o.token, query: { segment_ids: ALL } });
    expect(n.body.data.count).toBe(10);
    const gone = await t.call(api.strategy.remove, { token: o.token, body: { id } });
    expect(gone.body.code).toBe(100);
    expect((await t.call(api.strategy.detail, { token: o.token, query: { id } })).body.msg).toBe('The strategy does not exist.');
  });

  it('warns before a send without a postal address or with http links, in the caller\'s language', async () => {
    const draft = await save({ ...full({ name: 'Preflight' }), send_mode: 'draft' });
    const id = draft.body.data.id;
    const preflight = (lang = 'en-US') => t.call(api.strategy.preflight, { token: o.token, query: { id }, lang });
    // The test app's public address is http, like a local trial.
    const first = await preflight();
    expect(first.body.code, first.body.msg).toBe(100);
    expect(first.body.data.warnings.map((w) => w.key)).toEqual(['errors.strategy.noPostalAddress', 'errors.strategy.httpLinks']);
    expect(first.body.data.warnings[0]!.msg).toContain('Your store has no postal address.');
    expect((await preflight('zh-CN')).body.data.warnings[1]!.msg).toContain('本系统的公开地址不是 https');

    const info = (await t.call(api.shop.info, { token: o.token })).body.data;
    await t.call(api.shop.saveInfo, { token: o.token, body: { name: info.name, homepage_url: info.homepage_url, currency: info.currency, timezone: info.timezone, postal_address: '1 Tea Street, Hangzhou' } });
    expect((await preflight()).body.data.warnings.map((w) => w.key)).toEqual(['errors.strategy.httpLinks']);
    const publicUrl = t.deps.config.publicUrl;
    t.deps.config.publicUrl = 'https://mail.storecast.test';
    try {
      expect((await preflight()).body.data.warnings).toEqual([]);
    } finally {
      t.deps.config.publicUrl = publicUrl;
    }
    // And the address is in the mail's footer.
    const pv = await t.call(api.strategy.preview, { token: o.token, body: { title: 'Hi', content: DOC } });
    expect(pv.body.data.html).toContain('1 Tea Street, Hangzhou');
    expect((await t.call(api.strategy.preflight, { token: o.token, query: { id: '00000000-0000-4000-8000-000000000000' } })).body.msg).toBe('The strategy does not exist.');
  });

  it('refuses another store\'s segment or coupon, and ids that do not exist, drafts included', async () => {
    const other = await signUp(t, { name: 'Other Tea' });
    const theirSegment = (await t.call(api.audience.segmentSave, { token: other.token, body: { name: 'Theirs', match: 'all', conditions: [{ field: 'order_count', op: 'gte', value: 0 }] } })).body.data.id;
    const theirCoupon = (await t.call(api.brand.savePreset, { token: other.token, body: { code: 'THEIRS10', discount: 10 } })).body.data.id;
    const mySegment = (await t.call(api.audience.segmentSave, { token: o.token, body: { name: 'Mine', match: 'all', conditions: [{ field: 'order_count', op: 'gte', value: 0 }] } })).body.data.id;
    const myCoupon = (await t.call(api.brand.savePreset, { token: o.token, body: { code: 'MINE10', discount: 10 } })).body.data.id;
    const before = (await t.call(api.strategy.list, { token: o.token, query: { page_size: '100' } })).body.data.total;

    for (const segment_ids of [[theirSegment], [ALL, theirSegment], ['system:nothing'], ['not-an-id'], ['99999999']]) {
      const res = await save({ name: 'Borrowed', segment_ids, send_mode: 'draft' });
      expect(res.status, JSON.stringify(segment_ids)).toBe(400);
      expect(res.body.msg).toBe('A chosen segment does not exist. Choose the segments again.');
    }
    const zh = await save({ name: 'Borrowed', segment_ids: [theirSegment], send_mode: 'draft' }, 'zh-CN');
    expect(zh.body.msg).toBe('所选分组不存在，请重新选择分组。');
    for (const coupon_id of [theirCoupon, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await save({ name: 'Borrowed', segment_ids: [mySegment], coupon_id, send_mode: 'draft' });
      expect(res.status, coupon_id).toBe(400);
      expect(res.body.msg).toBe('The chosen coupon preset does not exist. Choose it again.');
    }
    // Nothing was saved, not even as a draft; the store's own ids are taken.
    expect((await t.call(api.strategy.list, { token: o.token, query: { page_size: '100' } })).body.data.total).toBe(before);
    const ok = await save({ name: 'Own ids', segment_ids: [mySegment, ALL], coupon_id: myCoupon, send_mode: 'draft' });
    expect(ok.body.code, ok.body.msg).toBe(100);
    expect(ok.body.data).toMatchObject({ segment_ids: [mySegment, ALL], coupon_id: myCoupon });
    // An existing draft cannot be moved onto another store's ids either.
    const moved = await save({ id: ok.body.data.id, name: 'Own ids', segment_ids: [theirSegment], send_mode: 'draft' });
    expect(moved.status).toBe(400);
    expect((await t.call(api.strategy.detail, { token: o.token, query: { id: ok.body.data.id } })).body.data.segment_ids).toEqual([mySegment, ALL]);
  });

  it('keeps mail in the local outbox without SMTP settings, for the admin to read', async () => {
    await setVolume(t.deps.dbh, o.shopId, 50);
    const res = await save({ ...full({ name: 'Outbox' }), send_mode: 'now' });
    expect(res.body.code, res.body.msg).toBe(100);
    expect(t.deps.mail.name).toBe('outbox');
    // What a worker does (no worker runs in this file).
    expect(await deliverSend(t.deps, segmentSendSource, res.body.data.id, Date.now() + 30_000)).toEqual({ state: 'done' });
    const list = await t.call(api.outbox.list, { token: o.token, query: { strategy_id: res.body.data.id } });
    expect(list.body.data.total).toBe(10);
    const one = await t.call(api.outbox.detail, { token: o.token, query: { id: list.body.data.items[0]!.id } });
    expect(one.body.data.subject).toBe('News');
    expect(one.body.data.html).toContain('/api/public/unsubscribe/');
    expect(one.body.data.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect((await t.call(api.outbox.detail, { token: o.token, query: { id: 'nope' } })).body.msg).toBe('The message does not exist.');
    expect((await t.call(api.strategy.detail, { token: o.token, query: { id: res.body.data.id } })).body.data).toMatchObject({ status: 'completed', stats: { sent: 10 } });
    expect(await volumeOf(t.deps.dbh, o.shopId)).toEqual({ remaining: 40, waiting: 0 });
  });

  it('never lets concurrent sends push the available volume below zero', async () => {
    await setVolume(t.deps.dbh, o.shopId, 35);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => save({ ...full({ name: `Race ${i}` }), send_mode: 'now' })));
    const ok = results.filter((r) => r.body.code === 100);
    expect(ok.length).toBe(3);
    for (const r of results.filter((x) => x.body.code !== 100)) expect(r.body.msg).toMatch(/^Your current delivery is 5,/);
    const [pack] = await t.deps.dbh.db.select().from(sendPackages).where(eq(sendPackages.shopId, o.shopId));
    expect(pack).toMatchObject({ remaining: 35, waiting: 30 });
    const sending = await t.deps.dbh.db.select().from(strategies).where(eq(strategies.status, 'sending'));
    expect(sending.length).toBe(3);
  });
});
