import { api } from '@storecast/contract';
import { sendPackages, sessions, shopMembers, users, vipServices } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../../test/start-test-app.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

const DAY = 86_400_000;

/** A second user made manager of the store, with a session acting on it. */
async function addManager(shopId: string) {
  const m = await signUp(t, { store: false });
  const [user] = await t.deps.dbh.db.select({ id: users.id }).from(users).where(eq(users.email, m.account));
  await t.deps.dbh.db.insert(shopMembers).values({ shopId, userId: user!.id, role: 'manager' });
  await t.deps.dbh.db.update(sessions).set({ shopId }).where(eq(sessions.userId, user!.id));
  return m.token;
}

describe('auto-renewal switches', () => {
  it('lists the balances that run, and switches only the store own bought pack', async () => {
    const { token, shopId } = await signUp(t);
    const other = await signUp(t);
    const [pack, , starter] = await t.deps.dbh.db.insert(sendPackages).values([
      { shopId, name: 'p', kind: 'purchase', offerId: 'pack-20k', total: 20000, remaining: 19000, expiresAt: new Date(Date.now() + 100 * DAY) },
      { shopId, name: 'old', kind: 'purchase', offerId: 'pack-5k', total: 5000, remaining: 0, expiresAt: new Date(Date.now() - DAY) },
      { shopId, name: 'starter', kind: 'starter', total: 500, remaining: 500, expiresAt: new Date(Date.now() + DAY) },
    ]).returning();
    await t.deps.dbh.db.update(sendPackages).set({ renewAttempts: 3, renewAttemptedAt: new Date() }).where(eq(sendPackages.id, pack!.id));

    const list = await t.call(api.billing.renewList, { token });
    const bought = list.body.data.find((p) => p.id === pack!.id);
    expect(bought).toEqual({
      id: pack!.id, kind: 'purchase', name: '20,000 e-mails of sending volume', offer_id: 'pack-20k', total: 20000, remaining: 19000,
      expired_at: pack!.expiresAt.toISOString(), is_auto_renew: false,
    });
    // The expired pack is gone; the starter volumes (the sign-up's and this one) run beside it.
    expect(list.body.data.map((p) => p.kind).sort()).toEqual(['purchase', 'starter', 'starter']);

    const on = await t.call(api.billing.changePackRenew, { token, lang: 'zh-CN', body: { id: pack!.id, is_auto_renew: true } });
    expect(on.body).toMatchObject({ code: 100, msg: '已开启自动续费。', data: { id: pack!.id, is_auto_renew: true } });
    // Turning it on again gives a pack that gave up after failed charges new attempts.
    const [row] = await t.deps.dbh.db.select().from(sendPackages).where(eq(sendPackages.id, pack!.id));
    expect([row!.autoRenew, row!.renewAttempts, row!.renewAttemptedAt]).toEqual([true, 0, null]);
    expect((await t.call(api.billing.renewList, { token })).body.data.find((p) => p.id === pack!.id)!.is_auto_renew).toBe(true);

    // Another store's session cannot see or switch it.
    expect((await t.call(api.billing.renewList, { token: other.token })).body.data.map((p) => p.kind)).toEqual(['starter']);
    const foreign = await t.call(api.billing.changePackRenew, { token: other.token, body: { id: pack!.id, is_auto_renew: false } });
    expect([foreign.status, foreign.body.msg]).toEqual([404, 'This sending-volume pack does not exist.']);
    expect((await t.deps.dbh.db.select().from(sendPackages).where(eq(sendPackages.id, pack!.id)))[0]!.autoRenew).toBe(true);

    const malformed = await t.call(api.billing.changePackRenew, { token, body: { id: 'not-a-uuid', is_auto_renew: true } });
    expect(malformed.status).toBe(404);
    const free = await t.call(api.billing.changePackRenew, { token, body: { id: starter!.id, is_auto_renew: true } });
    expect([free.status, free.body.msg]).toEqual([400, 'The free starter volume cannot be renewed.']);
    expect((await t.call(api.billing.changePackRenew, { token, body: { id: pack!.id, is_auto_renew: 'yes' } })).status).toBe(400);

    const off = await t.call(api.billing.changePackRenew, { token, body: { id: pack!.id, is_auto_renew: false } });
    expect(off.body).toMatchObject({ msg: 'Auto-renewal is off.', data: { is_auto_renew: false } });

    // Managers see the list but may not switch.
    const manager = await addManager(shopId);
    expect((await t.call(api.billing.renewList, { token: manager })).body.data).toHaveLength(3);
    expect((await t.call(api.billing.changePackRenew, { token: manager, body: { id: pack!.id, is_auto_renew: true } })).status).toBe(403);
  });

  it('switches membership renewal only on a running paid term', async () => {
    const { token, shopId } = await signUp(t);
    const refused = await t.call(api.billing.changeVipRenew, { token, body: { is_auto_renew: true } });
    expect([refused.status, refused.body.msg]).toEqual([409, 'Auto-renewal can only be set on a running paid membership.']);
    // Turning it off is always allowed.
    expect((await t.call(api.billing.changeVipRenew, { token, body: { is_auto_renew: false } })).status).toBe(200);

    await t.deps.dbh.db.update(vipServices).set({
      level: 2, months: 12, beginAt: new Date(Date.now() - DAY), endAt: new Date(Date.now() + 300 * DAY), renewAttempts: 2,
    }).where(eq(vipServices.shopId, shopId));
    const on = await t.call(api.billing.changeVipRenew, { token, body: { is_auto_renew: true } });
    expect(on.body).toMatchObject({ code: 100, msg: 'Auto-renewal is on.', data: { vip_service_level: 2, is_auto_renew: true, is_expire: false } });
    expect((await t.deps.dbh.db.select().from(vipServices).where(eq(vipServices.shopId, shopId)))[0]!.renewAttempts).toBe(0);
    expect((await t.call(api.billing.vipInfo, { token })).body.data.is_auto_renew).toBe(true);
    const off = await t.call(api.billing.changeVipRenew, { token, body: { is_auto_renew: false } });
    expect(off.body.data.is_auto_renew).toBe(false);

    const manager = await addManager(shopId);
    expect((await t.call(api.billing.changeVipRenew, { token: manager, body: { is_auto_renew: true } })).status).toBe(403);
  });
});
