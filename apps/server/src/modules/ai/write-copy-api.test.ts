import { api, COPY_PURPOSES, translateError } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeChatCompletions, startFakeChatCompletions } from '../../test/fake-chat-completions.ts';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { WRITE_COPY_PER_MINUTE } from './routes.ts';

let t: TestApp;
let fake: FakeChatCompletions;
let a: { token: string; shopId: string };
let b: { token: string; shopId: string };
let aCoupon = '';

beforeAll(async () => {
  fake = await startFakeChatCompletions();
  t = await startTestApp();
  a = await signUp(t, { name: 'Green Leaf Tea' });
  b = await signUp(t, { name: 'Blue Cup Coffee' });
  const saved = await t.call(api.brand.savePreset, { token: a.token, body: { code: 'LEAF15', discount: 15, description: '' } });
  aCoupon = saved.body.data.id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** The route reads the configuration on each call, so a test can point it at the fake or at nothing. */
const useAi = (on: boolean, apiKey = fake.apiKey) => {
  t.deps.config.ai = on ? { baseUrl: fake.baseUrl, apiKey, model: 'gpt-4o-mini', timeoutMs: 2_000 } : { apiKey: '', model: 'gpt-4o-mini', timeoutMs: 2_000 };
};
const write = (token: string, body: Record<string, unknown>, lang = 'en-US') => t.call(api.ai.writeCopy, { token, body, lang });

describe('POST /ai/write-copy', () => {
  it('writes built-in copy from the store\'s facts when no AI is configured, in both languages', async () => {
    useAi(false);
    for (const purpose of COPY_PURPOSES) {
      const res = await write(a.token, { purpose, channel: 'email' }, 'zh-CN');
      expect(res.body.code, purpose).toBe(100);
      expect(res.body.data.by).toBe('built-in');
      expect(res.body.data.subject).toMatch(/[\u4e00-\u9fff]/);
    }
    const en = await write(a.token, { purpose: 'campaign', channel: 'email', brief: 'Spring tea' });
    expect(en.body.data).toMatchObject({ by: 'built-in' });
    expect(en.body.data.subject).toContain('Spring tea');
    expect(en.body.data.body).toContain('Green Leaf Tea');
    expect(en.body.data.body).not.toMatch(/%/);
    const sms = await write(a.token, { purpose: 'abandoned-cart', channel: 'sms' });
    expect(sms.body.data.sms).toContain('Green Leaf Tea');
    expect(fake.requests).toHaveLength(0);
  });

  it('offers the store\'s own coupon, and refuses another store\'s', async () => {
    useAi(false);
    const res = await write(a.token, { purpose: 'welcome', channel: 'email', coupon_id: aCoupon });
    expect(res.body.data.body).toContain('LEAF15');
    expect(res.body.data.subject).toContain('15%');
    const other = await write(b.token, { purpose: 'welcome', channel: 'email', coupon_id: aCoupon });
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('LEAF15');
  });

  it('gives other words for another seed', async () => {
    useAi(false);
    const one = await write(a.token, { purpose: 'win-back', channel: 'email', seed: 0 });
    const two = await write(a.token, { purpose: 'win-back', channel: 'email', seed: 1 });
    expect(two.body.data.subject).not.toBe(one.body.data.subject);
  });

  it('answers the AI\'s copy when the API works, asking in the caller\'s language', async () => {
    useAi(true);
    const en = await write(a.token, { purpose: 'campaign', channel: 'email', brief: 'Spring tea' });
    expect(en.body.data).toMatchObject({ by: 'ai', subject: "Green Leaf Tea AI copy: this week's picks" });
    const zh = await write(a.token, { purpose: 'campaign', channel: 'email' }, 'zh-CN');
    expect(zh.body.data).toMatchObject({ by: 'ai', subject: 'Green Leaf Tea 智能文案：本周精选' });
    const prompt = fake.requests.at(-1)!.body.messages!.map((m) => m.content).join('\n');
    expect(prompt).toContain('Simplified Chinese');
    expect(prompt).toContain('Green Leaf Tea');
  });

  it('says SPEC\'s message when the API fails, in both languages, and recovers after', async () => {
    useAi(true);
    const failures = [
      [{ kind: 'status', status: 503 }, { kind: 'status', status: 503 }, { kind: 'status', status: 500 }],
      [{ kind: 'malformed' }],
      [{ kind: 'slow' }],
    ] as const;
    for (const [i, turns] of failures.entries()) {
      fake.next(...turns);
      const lang = i % 2 ? 'zh-CN' : 'en-US';
      const res = await write(a.token, { purpose: 'campaign', channel: 'email' }, lang);
      expect(res.status).toBe(503);
      expect(res.body.msg).toBe(translateError(lang, 'errors.ai.unavailable'));
    }
    useAi(true, 'sk-wrong');
    const res = await write(a.token, { purpose: 'campaign', channel: 'email' }, 'zh-CN');
    expect(res.body.msg).toBe('ChatGPT 服务暂时不可用，请稍后再试。');
    useAi(true);
    const en = await write(a.token, { purpose: 'campaign', channel: 'email' });
    expect(translateError('en-US', 'errors.ai.unavailable')).toBe('ChatGPT service is currently unavailable, please try again later.');
    expect(en.body.data.by).toBe('ai');
  });

  it('validates the body', async () => {
    const res = await write(a.token, { purpose: 'nonsense', channel: 'email' });
    expect(res.body.code).toBe(103);
    const long = await write(a.token, { purpose: 'campaign', channel: 'email', brief: 'x'.repeat(201) }, 'zh-CN');
    expect(long.body.msg).toContain('补充说明过长');
  });

  it(`limits each store to ${WRITE_COPY_PER_MINUTE} a minute, counting stores apart`, async () => {
    useAi(false);
    const c = await signUp(t, { name: 'Limited Store' });
    const answers = [];
    for (let i = 0; i < WRITE_COPY_PER_MINUTE + 1; i++) answers.push(await write(c.token, { purpose: 'welcome', channel: 'sms' }));
    expect(answers.slice(0, WRITE_COPY_PER_MINUTE).every((r) => r.body.code === 100)).toBe(true);
    const over = answers.at(-1)!;
    expect(over.status).toBe(429);
    expect(over.body.msg).toBe(translateError('en-US', 'errors.ai.tooMany'));
    expect((await write(b.token, { purpose: 'welcome', channel: 'sms' })).body.code).toBe(100);
  });
});
