import { api, LIMITS } from '@storecast/contract';
import { sendPackages } from '@storecast/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../../test/start-test-app.ts';

const OPERATOR = 'operator-token-of-the-balances-test-42';
let t: TestApp;
beforeAll(async () => void (t = await startTestApp({ operatorToken: OPERATOR })));
afterAll(() => t.close());

const DAY = 86_400_000;

describe("the store's balances on the pricing plan", () => {
  it('lists the starter volume of a new store with what is left and when it expires', async () => {
    const { token } = await signUp(t);
    const before = Date.now();
    const list = (await t.call(api.billing.renewList, { token, lang: 'zh-CN' })).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: 'starter', name: '免费起步发送量', total: LIMITS.starterEmailAllowance, remaining: LIMITS.starterEmailAllowance, is_auto_renew: false,
    });
    const days = (Date.parse(list[0]!.expired_at) - before) / DAY;
    expect(days).toBeGreaterThan(LIMITS.starterAllowanceDays - 0.1);
    expect(days).toBeLessThanOrEqual(LIMITS.starterAllowanceDays);
  });

  it('lists every balance that runs, starter, granted and bought, earliest expiry first; never another store\'s', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const granted = await t.call(api.operator.grantVolume, { token: OPERATOR, body: { store: owner.shopId, quantity: 3000, days: 3 } });
    expect(granted.status, granted.body.msg).toBe(200);
    const [bought] = await t.deps.dbh.db.insert(sendPackages).values([
      { shopId: owner.shopId, name: 'p', kind: 'purchase', offerId: 'pack-20k', total: 20000, remaining: 12000, expiresAt: new Date(Date.now() + 200 * DAY) },
      // Expired balances are gone from the plan (the ledger keeps their rows).
      { shopId: owner.shopId, name: 'old', kind: 'purchase', offerId: 'pack-5k', total: 5000, remaining: 10, expiresAt: new Date(Date.now() - DAY) },
    ]).returning();

    const list = (await t.call(api.billing.renewList, { token: owner.token })).body.data;
    expect(list.map((p) => [p.kind, p.name, p.total, p.remaining])).toEqual([
      ['grant', 'Granted by the operator: 3,000', 3000, 3000],
      ['starter', 'Free starter volume', LIMITS.starterEmailAllowance, LIMITS.starterEmailAllowance],
      ['purchase', '20,000 e-mails of sending volume', 20000, 12000],
    ]);
    expect(list[0]!.expired_at).toBe(granted.body.data.expired_at);
    expect(list[2]).toMatchObject({ id: bought!.id, expired_at: bought!.expiresAt.toISOString(), offer_id: 'pack-20k' });

    const theirs = (await t.call(api.billing.renewList, { token: other.token })).body.data;
    expect(theirs.map((p) => p.kind)).toEqual(['starter']);
  });
});
