import { api } from '@storecast/contract';
import { sendPackageLogs, sendPackages } from '@storecast/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../../test/start-test-app.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

const DAY = 86_400_000;

describe('sending-volume ledger', () => {
  it('pages newest first, filters by kind and pack, and names packs in the caller language', async () => {
    const { token, shopId } = await signUp(t);
    const other = await signUp(t);
    const [bought] = await t.deps.dbh.db.insert(sendPackages).values({
      shopId, name: 'x', kind: 'purchase', offerId: 'pack-5k', total: 5000, remaining: 5000, expiresAt: new Date(Date.now() + 90 * DAY),
      createdAt: new Date(Date.now() + 1000),
    }).returning();
    const base = Date.now();
    // 25 rows on the bought pack, one second apart: a recharge, then consumes.
    await t.deps.dbh.db.insert(sendPackageLogs).values(Array.from({ length: 25 }, (_, i) => ({
      shopId, packageId: bought!.id, kind: i === 0 ? ('recharge' as const) : ('consume' as const), amount: i === 0 ? 5000 : i,
      createdAt: new Date(base + (i + 1) * 1000),
    })));

    const page1 = await t.call(api.billing.detailList, { token, query: { page: '1', page_size: '10' } });
    expect(page1.status).toBe(200);
    // The starter pack's recharge and the 25 rows.
    expect(page1.body.data.total).toBe(26);
    expect(page1.body.data.items.map((r) => r.amount)).toEqual([24, 23, 22, 21, 20, 19, 18, 17, 16, 15]);
    expect(page1.body.data.items[0]).toMatchObject({ kind: 'consume', package_id: bought!.id, package_name: '5,000 e-mails of sending volume' });

    const page3 = (await t.call(api.billing.detailList, { token, query: { page: '3', page_size: '10' } })).body.data;
    expect(page3.items.map((r) => [r.kind, r.amount])).toEqual([[ 'consume', 4 ], ['consume', 3], ['consume', 2], ['consume', 1], ['recharge', 5000], ['recharge', 500]]);
    expect(page3.items[5]!.package_name).toBe('Free starter volume');
    expect((await t.call(api.billing.detailList, { token, query: { page: '4', page_size: '10' } })).body.data).toMatchObject({ items: [], total: 26 });

    const zh = (await t.call(api.billing.detailList, { token, lang: 'zh-CN', query: { kind: 'recharge' } })).body.data;
    expect(zh.total).toBe(2);
    expect(zh.items.map((r) => r.package_name)).toEqual(['5,000 封邮件发送量', '免费起步发送量']);

    const byPack = (await t.call(api.billing.detailList, { token, query: { package_id: bought!.id, kind: 'consume', page_size: '100' } })).body.data;
    expect(byPack.total).toBe(24);
    expect(byPack.items.every((r) => r.package_id === bought!.id && r.kind === 'consume')).toBe(true);

    // Another store's pack, a malformed id: nothing of ours, and no error.
    expect((await t.call(api.billing.detailList, { token: other.token, query: { package_id: bought!.id } })).body.data).toMatchObject({ items: [], total: 0 });
    expect((await t.call(api.billing.detailList, { token, query: { package_id: 'nope' } })).body.data).toMatchObject({ items: [], total: 0 });
    expect((await t.call(api.billing.detailList, { token, query: { kind: 'refund' } })).status).toBe(400);
    expect((await t.call(api.billing.detailList, { token, query: { page_size: '1000' } })).status).toBe(400);
    // The other store sees only its own starter row.
    expect((await t.call(api.billing.detailList, { token: other.token })).body.data.total).toBe(1);

    const names = await t.call(api.billing.detailNameList, { token, lang: 'zh-CN' });
    expect(names.body.data.map((n) => n.name)).toEqual(['5,000 封邮件发送量', '免费起步发送量']);
    expect(names.body.data[0]!.id).toBe(bought!.id);
  });
});
