import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/app-error.ts';
import { reserveVolume, spendVolume } from '../sending-volume.ts';
import { ownerWithCard, type PaymentsKit, startPayments } from './test/payment-kit.ts';

let k: PaymentsKit;
beforeAll(async () => void (k = await startPayments()));
afterAll(() => k.close());

describe('concurrent purchases and sends on one store', () => {
  it('keep every pack and its ledger consistent', async () => {
    const { token, shopId } = await ownerWithCard(k);
    const send = async (n: number) => {
      try {
        await k.t.deps.dbh.transaction((c) => reserveVolume(c, shopId, n));
      } catch (err) {
        if (err instanceof AppError) return 0; // not enough volume yet: a real refusal, nothing reserved
        throw err;
      }
      await k.t.deps.dbh.transaction((c) => spendVolume(c, shopId, n));
      return n;
    };
    const results = await Promise.all([
      ...Array.from({ length: 50 }, () => k.t.call(api.billing.purchasePack, { token, body: { offer_id: 'pack-5k' } })),
      ...Array.from({ length: 50 }, (_, i) => send(40 + i)),
    ]);
    const buys = results.slice(0, 50) as Awaited<ReturnType<typeof k.t.call<typeof api.billing.purchasePack>>>[];
    const sent = (results.slice(50) as number[]).reduce((a, n) => a + n, 0);
    expect(buys.map((b) => b.body.data?.status)).toEqual(Array(50).fill('succeeded'));
    await k.fake.waitForDeliveries();

    const packs = (await k.t.deps.dbh.query<{ id: string; kind: string; total: number; remaining: number; waiting: number }>(
      'select id, kind, total, remaining, waiting from send_packages where shop_id = $1', [shopId],
    )).rows;
    const logs = (await k.t.deps.dbh.query<{ package_id: string; kind: string; amount: number }>(
      'select package_id, kind, amount from send_package_logs where shop_id = $1', [shopId],
    )).rows;
    const sum = (id: string, kinds: string[]) => logs.filter((l) => l.package_id === id && kinds.includes(l.kind)).reduce((a, l) => a + l.amount, 0);
    expect(packs.filter((p) => p.kind === 'purchase')).toHaveLength(50);
    for (const p of packs) {
      expect(p.total).toBe(sum(p.id, ['recharge']));
      expect(p.total - p.remaining).toBe(sum(p.id, ['consume', 'expire']));
      expect(p.remaining).toBeGreaterThanOrEqual(0);
      expect(p.waiting).toBeLessThanOrEqual(p.remaining);
    }
    expect(packs.reduce((a, p) => a + p.total - p.remaining, 0)).toBe(sent);
    expect(sent).toBeGreaterThan(0);

    const paid = (await k.t.deps.dbh.query<{ n: number }>(
      `select count(*)::int as n from payments where shop_id = $1 and status = 'succeeded'`, [shopId],
    )).rows[0]!.n;
    expect(paid).toBe(50);
    // Invoices, once issued by the settling transaction: one per payment, numbers without gaps.
    const numbers = (await k.t.deps.dbh.query<{ number: number }>('select number from invoices where shop_id = $1 order by number', [shopId]))
      .rows.map((r) => r.number);
    expect(numbers).toHaveLength(50);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
  });
});
