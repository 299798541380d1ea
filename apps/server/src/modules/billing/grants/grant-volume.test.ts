import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { listConfigWarnings } from '../../../list-config-warnings.ts';
import { signUp } from '../../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../../test/start-test-app.ts';

const OPERATOR = 'operator-token-of-this-test-0123456789';
let t: TestApp;
beforeAll(async () => void (t = await startTestApp({ operatorToken: OPERATOR })));
afterAll(() => t.close());

/** A grant call; `token: null` sends none. */
const grant = (body: Record<string, unknown>, token: string | null = OPERATOR, lang = 'en-US') =>
  t.call(api.operator.grantVolume, { token: token ?? undefined, body, lang });

describe("the operator's volume grant", () => {
  it('credits a store named by its owner e-mail or its id, in its ledger and its header figures', async () => {
    const owner = await signUp(t);
    const before = (await t.call(api.billing.enableData, { token: owner.token })).body.data.total_enable_email_number;

    const byEmail = await grant({ store: ` ${owner.account.toUpperCase()} `, quantity: 20_000, days: 365 });
    expect(byEmail.status, byEmail.body.msg).toBe(200);
    expect(byEmail.body.data).toMatchObject({ shop_id: owner.shopId, quantity: 20_000, available: before + 20_000 });
    const days = (Date.parse(byEmail.body.data.expired_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365);

    const byId = await grant({ store: owner.shopId, quantity: 1, days: 1 });
    expect(byId.body.data).toMatchObject({ quantity: 1, available: before + 20_001 });

    const figures = (await t.call(api.billing.enableData, { token: owner.token })).body.data;
    expect(figures.total_enable_email_number).toBe(before + 20_001);
    const ledger = (await t.call(api.billing.detailList, { token: owner.token, query: { kind: 'recharge' } })).body.data;
    expect(ledger.items.slice(0, 2).map((r) => [r.amount, r.package_name])).toEqual([
      [1, 'Granted by the operator: 1'],
      [20_000, 'Granted by the operator: 20,000'],
    ]);
    const zh = (await t.call(api.billing.detailNameList, { token: owner.token, lang: 'zh-CN' })).body.data;
    expect(zh.find((p) => p.id === byEmail.body.data.package_id)?.name).toBe('运营方赠送：20,000 封');

    // A grant is listed among the balances, but it is not bought: it never renews.
    const grants = (await t.call(api.billing.renewList, { token: owner.token })).body.data.filter((p) => p.kind === 'grant');
    expect(grants.map((p) => [p.total, p.is_auto_renew])).toEqual([[1, false], [20_000, false]]);
    const renew = await t.call(api.billing.changePackRenew, { token: owner.token, body: { id: byEmail.body.data.package_id, is_auto_renew: true }, lang: 'zh-CN' });
    expect([renew.status, renew.body.msg]).toEqual([400, '运营方赠送的发送量不能自动续费。']);
  });

  it('refuses without the operator token, whatever else the caller holds', async () => {
    const owner = await signUp(t);
    for (const token of [null, '', `${OPERATOR}x`, OPERATOR.slice(0, -1), owner.token]) {
      const res = await grant({ store: owner.shopId, quantity: 100, days: 30 }, token);
      expect([res.status, res.body.msg]).toEqual([401, 'The operator token is not valid.']);
    }
    const zh = await grant({ store: owner.shopId, quantity: 100, days: 30 }, 'wrong', 'zh-CN');
    expect(zh.body.msg).toBe('运营方令牌无效。');
    const figures = (await t.call(api.billing.enableData, { token: owner.token })).body.data;
    expect(figures.effective_send_package_log).toHaveLength(1); // The starter allowance alone.
  });

  it('says which store is meant when one is missing or an owner has several', async () => {
    expect((await grant({ store: '00000000-0000-4000-8000-000000000000', quantity: 5, days: 5 })).body.msg).toBe('No such store.');
    expect((await grant({ store: 'nobody@example.com', quantity: 5, days: 5 })).status).toBe(404);
    const owner = await signUp(t);
    const second = await t.call(api.shop.connect, {
      token: owner.token,
      body: { platform: 'custom', name: 'Second', homepage_url: `https://second-${Date.now()}.example.com`, currency: 'USD', timezone: 'UTC' },
    });
    expect(second.body.code, second.body.msg).toBe(100);
    const both = await grant({ store: owner.account, quantity: 5, days: 5 }, OPERATOR, 'zh-CN');
    expect(both.status).toBe(409);
    expect(both.body.msg).toContain('该店主有多个店铺，请改用店铺 ID：');
    expect(both.body.msg).toContain(owner.shopId);
    expect(both.body.msg).toContain(second.body.data.shop_id as string);
  });

  it('refuses volumes and validities out of range in the caller language', async () => {
    const owner = await signUp(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ store: owner.shopId, quantity: 0, days: 30 }, 'The volume must be a whole number from 1 to 10,000,000.', '发送量须为 1 到 10,000,000 之间的整数。'],
      [{ store: owner.shopId, quantity: 1.5, days: 30 }, 'The volume must be a whole number from 1 to 10,000,000.', '发送量须为 1 到 10,000,000 之间的整数。'],
      [{ store: owner.shopId, quantity: 10_000_001, days: 30 }, 'The volume must be a whole number from 1 to 10,000,000.', '发送量须为 1 到 10,000,000 之间的整数。'],
      [{ store: owner.shopId, quantity: '100', days: 30 }, 'The volume must be a whole number from 1 to 10,000,000.', '发送量须为 1 到 10,000,000 之间的整数。'],
      [{ store: owner.shopId, quantity: 100, days: 3651 }, 'The validity must be a whole number of days from 1 to 3650.', '有效天数须为 1 到 3650 之间的整数。'],
      [{ store: owner.shopId, quantity: 100 }, 'The validity must be a whole number of days from 1 to 3650.', '有效天数须为 1 到 3650 之间的整数。'],
      [{ store: '  ', quantity: 100, days: 30 }, "Give the store's id or its owner's login e-mail.", '请填写店铺 ID 或店主的登录邮箱。'],
    ];
    for (const [body, en, zh] of cases) {
      const res = await grant(body);
      expect([res.status, res.body.msg], JSON.stringify(body)).toEqual([400, en]);
      expect((await grant(body, OPERATOR, 'zh-CN')).body.msg).toBe(zh);
    }
    expect((await t.call(api.billing.enableData, { token: owner.token })).body.data.effective_send_package_log).toHaveLength(1);
  });
});

describe('a server without a usable operator token', () => {
  let plain: TestApp;
  beforeAll(async () => void (plain = await startTestApp({ operatorToken: 'too-short' })));
  afterAll(() => plain.close());

  it('refuses every operator call and warns at start that a short token is ignored', async () => {
    const owner = await signUp(plain);
    for (const token of [undefined, 'too-short']) {
      const res = await plain.call(api.operator.grantVolume, { token, body: { store: owner.shopId, quantity: 100, days: 30 } });
      expect([res.status, res.body.msg]).toEqual([403, 'No operator token (OPERATOR_TOKEN) is set on this server.']);
    }
    expect(listConfigWarnings(plain.deps.config).join('\n')).toContain('OPERATOR_TOKEN is shorter than 32 characters');
    expect(listConfigWarnings(loadConfig({ OPERATOR_TOKEN: OPERATOR }))).not.toContainEqual(expect.stringContaining('OPERATOR_TOKEN'));
  });
});
