import { addMonths, api } from '@storecast/contract';
import { outboxMessages } from '@storecast/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_ATTACH_THEN_DECLINE } from '../../../test/fake-stripe/start-fake-stripe.ts';
import { renewalJobEvery } from './renewal-job.ts';
import { runRenewals } from './run-renewals.ts';
import { ownerWithCard, type PaymentsKit, readLedger, startPayments } from './test/payment-kit.ts';

let k: PaymentsKit;
beforeAll(async () => void (k = await startPayments()));
afterAll(() => k.close());

const DAY = 86_400_000;

/** A bought pack of the store set to end in `days` days, renewing automatically. */
async function packEndingIn(shopId: string, days: number) {
  const { rows } = await k.t.deps.dbh.query<{ id: string }>(
    `insert into send_packages (shop_id, name, kind, total, remaining, expires_at, offer_id, auto_renew)
     values ($1, 'pack-5k', 'purchase', 5000, 5000, $2, 'pack-5k', true) returning id`,
    [shopId, new Date(Date.now() + days * DAY)],
  );
  await k.t.deps.dbh.query(`insert into send_package_logs (shop_id, package_id, kind, amount) values ($1, $2, 'recharge', 5000)`, [shopId, rows[0]!.id]);
  return rows[0]!.id;
}

const mailsTo = async (account: string) =>
  (await k.t.deps.dbh.db.select().from(outboxMessages).where(and(eq(outboxMessages.channel, 'email'), eq(outboxMessages.recipient, account))))
    .filter((m) => m.meta && (m.meta as { kind?: string }).kind === 'billing-renew-failed');

describe('auto-renewal', () => {
  it('renews a pack near its end once', async () => {
    const { shopId } = await ownerWithCard(k);
    const old = await packEndingIn(shopId, 2);
    await packEndingIn(shopId, 10); // not due yet
    expect(await runRenewals(k.t.deps)).toBe(1);
    expect(await runRenewals(k.t.deps)).toBe(0);
    await k.fake.waitForDeliveries();
    const { packs, sum } = await readLedger(k.t, shopId);
    expect(packs).toHaveLength(3);
    expect(packs.find((p) => p.id === old)?.renewed_at).not.toBeNull();
    const renewed = packs.find((p) => p.payment_id !== null)!;
    expect(renewed).toMatchObject({ offer_id: 'pack-5k', total: 5000, remaining: 5000, auto_renew: true });
    expect(sum(renewed.id, ['recharge'])).toBe(5000);
    const [payment] = (await k.t.deps.dbh.query<{ idempotency_key: string; user_id: string | null; amount_minor: number }>(
      'select idempotency_key, user_id, amount_minor from payments where id = $1', [renewed.payment_id],
    )).rows;
    expect(payment).toEqual({ idempotency_key: `renew:pack:${old}:1`, user_id: null, amount_minor: 900 });
  });

  it('counts a failed renewal, mails the owner, and retries a day later', async () => {
    const { shopId, account } = await ownerWithCard(k, CARD_ATTACH_THEN_DECLINE);
    const pack = await packEndingIn(shopId, 2);
    const attempts = async () => (await k.t.deps.dbh.query<{ renew_attempts: number }>(
      'select renew_attempts from send_packages where id = $1', [pack])).rows[0]!.renew_attempts;
    expect(await runRenewals(k.t.deps)).toBe(0);
    expect(await attempts()).toBe(1);
    const mails = await mailsTo(account);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Auto-renewal failed');
    expect(mails[0]!.body).toContain('The bank declined the payment');
    expect(mails[0]!.body).toContain('attempt 1 of 3');
    expect(mails[0]!.body).toMatch(/[\u4e00-\u9fff]/);
    // Within the day nothing is tried again.
    expect(await runRenewals(k.t.deps)).toBe(0);
    expect(await attempts()).toBe(1);
    expect(await runRenewals(k.t.deps, new Date(Date.now() + DAY + 60_000))).toBe(0);
    expect(await attempts()).toBe(2);
    expect(await mailsTo(account)).toHaveLength(2);
    expect((await readLedger(k.t, shopId)).packs.every((p) => p.renewed_at === null)).toBe(true);
  });

  it('extends a membership from the end of the running term', async () => {
    const { token, shopId } = await ownerWithCard(k);
    const buy = await k.t.call(api.billing.purchaseVip, { token, body: { level: 1, months: 1, is_auto_renew: true } });
    expect(buy.body.data.status).toBe('succeeded');
    const end = new Date(Date.now() + DAY);
    await k.t.deps.dbh.query('update vip_services set end_at = $2 where shop_id = $1', [shopId, end]);
    expect(await runRenewals(k.t.deps)).toBe(1);
    expect(await runRenewals(k.t.deps)).toBe(0);
    await k.fake.waitForDeliveries();
    const info = (await k.t.call(api.billing.vipInfo, { token })).body.data;
    expect(info).toMatchObject({ vip_service_level: 1, current_month_number: 1, is_auto_renew: true });
    expect(info.current_begin_at).toBe(end.toISOString());
    expect(info.current_end_at).toBe(addMonths(end, 1).toISOString());
  });

  it('runs as a loop job', async () => {
    const { shopId } = await ownerWithCard(k);
    const pack = await packEndingIn(shopId, 1);
    const stop = await renewalJobEvery(20).start(k.t.deps, k.t.app.log);
    try {
      const deadline = Date.now() + 20_000;
      let renewed = false;
      while (!renewed && Date.now() < deadline) {
        // PGlite answers within microtasks: let the job's timers and HTTP calls run between polls.
        await new Promise((resolve) => setImmediate(resolve));
        renewed = (await k.t.deps.dbh.query('select 1 from send_packages where id = $1 and renewed_at is not null', [pack])).rows.length === 1;
      }
      expect(renewed).toBe(true);
    } finally {
      await stop();
    }
  });
});
