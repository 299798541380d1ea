import { outboxMessages, sendPackageLogs, sendPackages, vipServices } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../../test/start-test-app.ts';
import { spendVolume } from '../sending-volume.ts';
import { runExpiry } from './expiry-job.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

const DAY = 86_400_000;
const readPack = async (id: string) => (await t.deps.dbh.db.select().from(sendPackages).where(eq(sendPackages.id, id)))[0]!;
const expireRows = (packageId: string) =>
  t.deps.dbh.db.select().from(sendPackageLogs).where(and(eq(sendPackageLogs.packageId, packageId), eq(sendPackageLogs.kind, 'expire')));

describe('billing expiry', () => {
  it('writes off what an expired pack had left once, and waits for its pending sends', async () => {
    const { shopId } = await signUp(t);
    const past = new Date(Date.now() - DAY);
    const [left, waiting, empty, running] = await t.deps.dbh.db.insert(sendPackages).values([
      { shopId, name: 'a', kind: 'purchase', total: 5000, remaining: 1200, expiresAt: past },
      { shopId, name: 'b', kind: 'purchase', total: 5000, remaining: 300, waiting: 100, expiresAt: past },
      { shopId, name: 'c', kind: 'purchase', total: 5000, remaining: 0, expiresAt: past },
      { shopId, name: 'd', kind: 'purchase', total: 5000, remaining: 5000, expiresAt: new Date(Date.now() + DAY) },
    ]).returning();

    await runExpiry(t.deps);
    expect((await expireRows(left!.id)).map((r) => r.amount)).toEqual([1200]);
    expect(await readPack(left!.id)).toMatchObject({ remaining: 0, expiredAt: expect.any(Date) });
    // Nothing left: stamped, but no ledger row.
    expect(await expireRows(empty!.id)).toEqual([]);
    expect((await readPack(empty!.id)).expiredAt).not.toBeNull();
    // Mail still waiting to go out: untouched until its sends finish.
    expect(await readPack(waiting!.id)).toMatchObject({ remaining: 300, waiting: 100, expiredAt: null });
    expect(await readPack(running!.id)).toMatchObject({ remaining: 5000, expiredAt: null });

    // A second pass writes nothing more.
    await runExpiry(t.deps);
    expect(await expireRows(left!.id)).toHaveLength(1);

    // The waiting mails go out (spent from the expired pack they were reserved on): now it expires.
    await t.deps.dbh.transaction((c) => spendVolume(c, shopId, 100));
    expect(await readPack(waiting!.id)).toMatchObject({ remaining: 200, waiting: 0 });
    await runExpiry(t.deps);
    expect((await expireRows(waiting!.id)).map((r) => r.amount)).toEqual([200]);
    expect((await readPack(waiting!.id)).remaining).toBe(0);

    // The running pack expires once its time comes.
    await runExpiry(t.deps, new Date(Date.now() + 2 * DAY));
    expect((await expireRows(running!.id)).map((r) => r.amount)).toEqual([5000]);
  });

  it('mails the owner once when the membership term ended', async () => {
    const { shopId, account } = await signUp(t, { name: 'Kite Shop' });
    const mails = () => t.deps.dbh.db.select().from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, account), eq(outboxMessages.channel, 'email')));
    const before = (await mails()).length;
    await t.deps.dbh.db.update(vipServices).set({
      level: 2, months: 1, beginAt: new Date(Date.now() - 31 * DAY), endAt: new Date(Date.now() + DAY),
    }).where(eq(vipServices.shopId, shopId));

    await runExpiry(t.deps);
    expect(await mails()).toHaveLength(before);

    const later = new Date(Date.now() + 2 * DAY);
    await runExpiry(t.deps, later);
    const sent = (await mails()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('Kite Shop');
    // Both languages in one mail, with the level named in each.
    const text = (sent[0]!.meta as { text: string }).text;
    expect(text).toContain('店铺「Kite Shop」的基础版会员已于');
    expect(text).toContain('The Basic membership of the store "Kite Shop" ended');
    expect((await t.deps.dbh.db.select().from(vipServices).where(eq(vipServices.shopId, shopId)))[0]!.expiryNotifiedAt).not.toBeNull();

    await runExpiry(t.deps, new Date(later.getTime() + DAY));
    expect(await mails()).toHaveLength(before + 1);
  });
});
