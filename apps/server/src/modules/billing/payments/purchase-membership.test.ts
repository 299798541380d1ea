import { addMonths, api, quoteUpgrade } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithCard, type PaymentsKit, readPaymentRow, startPayments } from './test/payment-kit.ts';
import { quoteMembershipUpgrade } from '../offers/quote-upgrade.ts';

let k: PaymentsKit;
beforeAll(async () => void (k = await startPayments()));
afterAll(() => k.close());

const DAY = 86_400_000;

/** Puts the store on a running term begun `daysAgo` days ago, as if it had been bought then. */
async function setTerm(shopId: string, level: number, months: number, paid: number, daysAgo: number) {
  const begin = new Date(Date.now() - daysAgo * DAY);
  await k.t.deps.dbh.query(
    'update vip_services set level = $2, months = $3, begin_at = $4, end_at = $5, paid_minor = $6, currency = $7 where shop_id = $1',
    [shopId, level, months, begin, addMonths(begin, months), paid, 'USD'],
  );
  return { begin, end: addMonths(begin, months) };
}

describe('membership', () => {
  it('buys a term when none runs, and refuses a second purchase', async () => {
    const { token } = await ownerWithCard(k);
    const buy = await k.t.call(api.billing.purchaseVip, { token, body: { level: 2, months: 12, is_auto_renew: true } });
    expect(buy.body.data.status).toBe('succeeded');
    const info = (await k.t.call(api.billing.vipInfo, { token })).body.data;
    expect(info).toMatchObject({ vip_service_level: 2, current_month_number: 12, is_auto_renew: true, is_expire: false });
    const begin = new Date(info.current_begin_at);
    expect(Math.abs(begin.getTime() - Date.now())).toBeLessThan(60_000);
    expect(info.current_end_at).toBe(addMonths(begin, 12).toISOString());
    expect((await readPaymentRow(k.t, buy.body.data.payment_id))?.amount_minor).toBe(49_000);
    await k.fake.waitForDeliveries();
    expect((await k.t.call(api.billing.vipInfo, { token })).body.data.current_end_at).toBe(info.current_end_at);

    const again = await k.t.call(api.billing.purchaseVip, { token, body: { level: 3, months: 1 } });
    expect([again.status, again.body.msg]).toEqual([409, 'A membership is running; upgrade it instead.']);
    const badTerm = await k.t.call(api.billing.purchaseVip, { token, body: { level: 2, months: 6 } });
    expect(badTerm.body.code).not.toBe(100);
  });

  it('upgrades at the quoted price: yearly entry to yearly professional', async () => {
    const { token, shopId } = await ownerWithCard(k);
    const term = await setTerm(shopId, 1, 12, 19_000, 40);
    const quote = await quoteMembershipUpgrade(k.t.deps.dbh, shopId, { level: 3, months: 12 });
    expect(quote).toEqual({ ...quoteUpgrade({ paid: 19_000, ...term }, 99_000, new Date()), currency: 'USD' });
    expect(quote.termDays).toBe(365);
    expect(quote.price).toBeGreaterThan(80_000);
    expect(quote.price).toBeLessThan(99_000);
    const quoted = await k.t.call(api.billing.upgradePrice, { token, query: { level: '3', months: '12' } });
    expect(quoted.body.data.price).toEqual({ amount_minor: quote.price, currency: 'USD' });

    const up = await k.t.call(api.billing.upgradeVip, { token, body: { level: 3, months: 12 } });
    expect(up.body.data.status).toBe('succeeded');
    expect((await readPaymentRow(k.t, up.body.data.payment_id))?.amount_minor).toBe(quote.price);
    const info = (await k.t.call(api.billing.vipInfo, { token })).body.data;
    expect(info).toMatchObject({ vip_service_level: 3, current_month_number: 12, is_expire: false });
    expect(Math.abs(new Date(info.current_begin_at).getTime() - Date.now())).toBeLessThan(60_000);
    // The new term is worth its list price for a later upgrade, not the prorated amount paid.
    const [vip] = (await k.t.deps.dbh.query<{ paid_minor: number }>('select paid_minor from vip_services where shop_id = $1', [shopId])).rows;
    expect(vip!.paid_minor).toBe(99_000);
    const top = await k.t.call(api.billing.upgradeVip, { token, body: { level: 3, months: 12 } });
    expect(top.body.msg).toBe('This membership cannot be upgraded: it has expired or is already at the top level.');
  });

  it('credits the whole term on its first day', async () => {
    const { token, shopId } = await ownerWithCard(k);
    await setTerm(shopId, 2, 1, 4_900, 0);
    const up = await k.t.call(api.billing.upgradeVip, { token, body: { level: 3, months: 1 } });
    expect((await readPaymentRow(k.t, up.body.data.payment_id))?.amount_minor).toBe(9_900 - 4_900);
  });

  it('allows a longer term at the same level, and refuses lower or equal targets and expired terms', async () => {
    const { token, shopId } = await ownerWithCard(k);
    await setTerm(shopId, 2, 12, 49_000, 3);
    for (const body of [{ level: 2, months: 12 }, { level: 2, months: 1 }, { level: 1, months: 12 }]) {
      const r = await k.t.call(api.billing.upgradeVip, { token, body });
      expect(r.body.msg).toBe('Please choose a higher level, or a longer term at the same level.');
    }
    await setTerm(shopId, 1, 1, 1_900, 3);
    const longer = await k.t.call(api.billing.upgradeVip, { token, body: { level: 1, months: 12 } });
    expect(longer.body.data.status).toBe('succeeded');
    await setTerm(shopId, 1, 1, 1_900, 40);
    const expired = await k.t.call(api.billing.upgradeVip, { token, body: { level: 3, months: 12 } });
    expect(expired.body.msg).toBe('This membership cannot be upgraded: it has expired or is already at the top level.');
  });

  it('two purchases paid at the same moment add up instead of one overwriting the other', async () => {
    const { token } = await ownerWithCard(k);
    const both = await Promise.all([1, 2].map(() => k.t.call(api.billing.purchaseVip, { token, body: { level: 1, months: 1 } })));
    const paid = both.filter((r) => r.body.data?.status === 'succeeded');
    // Either both were charged (the second term follows the first) or the second saw the first and was refused.
    for (const r of both) if (r.body.data?.status !== 'succeeded') expect(r.status).toBe(409);
    const info = (await k.t.call(api.billing.vipInfo, { token })).body.data;
    const expected = paid.length === 2 ? addMonths(addMonths(new Date(), 1), 1) : addMonths(new Date(), 1);
    expect(Math.abs(new Date(info.current_end_at).getTime() - expected.getTime())).toBeLessThan(60_000);
  });
});
