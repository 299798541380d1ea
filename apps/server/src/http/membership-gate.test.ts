import { api, MEMBERSHIP_FEATURES, ResultCode } from '@storecast/contract';
import { vipServices } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startTestApp, type TestApp } from '../test/start-test-app.ts';
import { signUp } from '../test/sign-up.ts';

// Payments configured (the values are never used: no route here reaches the provider).
const stripe = {
  secretKey: 'sk_test_unused', publishableKey: 'pk_test_unused', webhookSecret: 'whsec_unused',
  apiBase: 'http://127.0.0.1:9', jsUrl: 'http://127.0.0.1:9/v3/', timeoutMs: 1000,
};
const copy = { purpose: 'welcome', channel: 'email' } as const;

describe('membership gates features where payments are configured', () => {
  let t: TestApp;
  let free: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp({ stripe });
    free = await signUp(t);
  });
  afterAll(() => t.close());

  const setLevel = (shopId: string, level: number, endAt: Date | null) =>
    t.deps.dbh.db.update(vipServices).set({ level, months: 1, beginAt: new Date(), endAt }).where(eq(vipServices.shopId, shopId));

  it('refuses a gated route below its level, in the caller language, with the level to upgrade to', async () => {
    expect(MEMBERSHIP_FEATURES.aiWriter).toBe(3);
    const en = await t.call(api.ai.writeCopy, { token: free.token, body: copy, lang: 'en-US' });
    expect(en.status).toBe(403);
    expect(en.body).toMatchObject({ code: ResultCode.FORBIDDEN, data: { required_level: 3 } });
    expect(en.body.msg).toMatch(/Professional membership \(level 3\)/);
    const zh = await t.call(api.ai.writeCopy, { token: free.token, body: copy, lang: 'zh-CN' });
    expect(zh.body.msg).toMatch(/专业版/);
  });

  it('lets the level that unlocks it through, and refuses again once the term has ended', async () => {
    const s = await signUp(t);
    await setLevel(s.shopId, 3, new Date(Date.now() + 86_400_000));
    const ok = await t.call(api.ai.writeCopy, { token: s.token, body: copy, lang: 'en-US' });
    expect(ok.body.code).toBe(ResultCode.OK);
    await setLevel(s.shopId, 3, new Date(Date.now() - 1000));
    const ended = await t.call(api.ai.writeCopy, { token: s.token, body: copy, lang: 'en-US' });
    expect(ended.status).toBe(403);
  });

  it('a lower level unlocks its own features only', async () => {
    const s = await signUp(t);
    await setLevel(s.shopId, 1, new Date(Date.now() + 86_400_000));
    const ai = await t.call(api.ai.writeCopy, { token: s.token, body: copy });
    expect(ai.body.data).toMatchObject({ required_level: 3 });
    // Element Send needs level 2: refused before its body is looked at beyond the schema.
    const match = await t.call(api.element.match, { token: s.token, body: { products: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'] } });
    expect(match.status).toBe(403);
    expect(match.body.data).toMatchObject({ required_level: 2 });
  });
});

describe('without payments configured nothing is gated', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('a free store uses a level-3 feature', async () => {
    const s = await signUp(t);
    const ok = await t.call(api.ai.writeCopy, { token: s.token, body: copy });
    expect(ok.body.code).toBe(ResultCode.OK);
  });
});

describe('the payment settings', () => {
  it('reads STRIPE_* and leaves payments off without a secret key', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_live_1' }).stripe).toBeNull();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe).toEqual({
      secretKey: 'sk_live_1', publishableKey: 'pk_live_1', webhookSecret: 'whsec_1', apiBase: undefined,
      jsUrl: 'https://js.stripe.com/v3/', timeoutMs: 20_000,
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_1', STRIPE_TIMEOUT_MS: 'soon' })).toThrow(/STRIPE_TIMEOUT_MS/);
  });
});
