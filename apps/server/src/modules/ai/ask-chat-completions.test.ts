import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type FakeChatCompletions, startFakeChatCompletions } from '../../test/fake-chat-completions.ts';
import { askChatCompletions, AiUnavailableError } from './ask-chat-completions.ts';
import { writeCopy, writeCopyWithAi } from './write-copy.ts';
import { writeCopyOffline } from './write-copy-offline.ts';
import type { CopyRequest } from './write-copy-types.ts';

let fake: FakeChatCompletions;
let served = 0;
beforeAll(async () => {
  fake = await startFakeChatCompletions();
});
afterAll(() => fake.close());
beforeEach(() => {
  served = fake.requests.length;
});

const config = (more: { apiKey?: string; timeoutMs?: number } = {}) => ({
  ai: { baseUrl: fake.baseUrl, apiKey: more.apiKey ?? fake.apiKey, model: 'gpt-4o-mini', timeoutMs: more.timeoutMs ?? 10_000 },
});
const hello = [{ role: 'user' as const, content: 'Answer in JSON: {"subject": "hi"}' }];
const failure = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AiUnavailableError);
  return (err as AiUnavailableError).reason;
};
const request: CopyRequest = {
  purpose: 'abandoned-cart', channel: 'email',
  facts: { storeName: 'Green Leaf Tea', homepageUrl: 'https://tea.example.com', currency: 'USD', locale: 'en-US', products: [{ title: 'Dragon Well' }] },
};

describe('the AI settings', () => {
  it('reads AI_BASE_URL, AI_API_KEY, AI_MODEL and AI_TIMEOUT_MS, with defaults and no AI when unset', () => {
    expect(loadConfig({}).ai).toEqual({ baseUrl: undefined, apiKey: '', model: 'gpt-4o-mini', timeoutMs: 15_000 });
    expect(loadConfig({ AI_BASE_URL: 'https://api.example.com/v1/', AI_API_KEY: 'sk-1', AI_MODEL: 'm-2', AI_TIMEOUT_MS: '4000' }).ai)
      .toEqual({ baseUrl: 'https://api.example.com/v1', apiKey: 'sk-1', model: 'm-2', timeoutMs: 4000 });
    expect(() => loadConfig({ AI_TIMEOUT_MS: 'soon' })).toThrow(/AI_TIMEOUT_MS/);
  });
});

describe('the chat-completions client', () => {
  it('sends the OpenAI request and reads choices[0].message.content', async () => {
    const content = await askChatCompletions(config(), hello, { json: true, temperature: 0.5 });
    expect(JSON.parse(content).subject).toContain('AI copy');
    const sent = fake.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(sent.body).toEqual({ model: 'gpt-4o-mini', messages: hello, temperature: 0.5, response_format: { type: 'json_object' } });
  });

  it('does not retry a wrong key (401) or a refused request (400)', async () => {
    expect(await failure(askChatCompletions(config({ apiKey: 'sk-wrong' }), hello))).toBe('unauthorized');
    fake.next({ kind: 'status', status: 400 });
    expect(await failure(askChatCompletions(config(), hello))).toBe('refused');
    expect(fake.requests.length - served).toBe(1); // the 401 is refused before the fake records a request
  });

  it('retries 500 and 503 twice, then gives up', async () => {
    fake.next({ kind: 'status', status: 500 }, { kind: 'status', status: 503 });
    expect(JSON.parse(await askChatCompletions(config(), hello)).subject).toContain('AI copy');
    expect(fake.requests.length - served).toBe(3);
    fake.next({ kind: 'status', status: 503 }, { kind: 'status', status: 503 }, { kind: 'status', status: 503 }, { kind: 'status', status: 503 });
    expect(await failure(askChatCompletions(config(), hello))).toBe('server');
    expect(fake.requests.length - served).toBe(6);
    fake.next({ kind: 'status', status: 503 }); // leave the fake answering again
    await askChatCompletions(config(), hello);
  });

  it('honours retry-after on 429, and gives up at once when it asks for longer than is sensible', async () => {
    fake.next({ kind: 'status', status: 429, retryAfterMs: '50' }, { kind: 'status', status: 429, retryAfter: '0' });
    expect(JSON.parse(await askChatCompletions(config(), hello)).subject).toContain('AI copy');
    expect(fake.requests.length - served).toBe(3);
    fake.next({ kind: 'status', status: 429, retryAfter: '60' });
    const started = Date.now();
    expect(await failure(askChatCompletions(config(), hello))).toBe('rate-limited');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fake.requests.length - served).toBe(4);
  });

  it('times out a slow answer within AI_TIMEOUT_MS and closes the connection', async () => {
    fake.next({ kind: 'slow' });
    const before = fake.abandoned;
    const started = Date.now();
    expect(await failure(askChatCompletions(config({ timeoutMs: 300 }), hello))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect.poll(() => fake.abandoned).toBe(before + 1);
  });

  it('calls an unreachable server a network failure, and no base URL not configured', async () => {
    const closed = await startFakeChatCompletions();
    await closed.close();
    const down = { ai: { baseUrl: closed.baseUrl, apiKey: 'k', model: 'm', timeoutMs: 5_000 } };
    expect(await failure(askChatCompletions(down, hello))).toBe('network');
    expect(await failure(askChatCompletions({ ai: { apiKey: '', model: 'm', timeoutMs: 1 } }, hello))).toBe('not-configured');
  });
});

describe('writeCopy over the client', () => {
  it('answers the AI copy, asking with the store facts, the purpose, the language and the 30 % rule', async () => {
    const copy = await writeCopy({ config: config() }, request);
    expect(copy.by).toBe('ai');
    expect(copy.subject).toBe("Green Leaf Tea AI copy: this week's picks");
    const prompt = fake.requests.at(-1)!.body.messages!.map((m) => m.content).join('\n');
    for (const fact of ['Green Leaf Tea', 'https://tea.example.com', 'Dragon Well', 'American English', 'left without buying', '30 %', 'Do not mention']) {
      expect(prompt).toContain(fact);
    }
  });

  it('falls back to the built-in writer when the API fails, for background work', async () => {
    fake.next({ kind: 'malformed' });
    expect(await writeCopy({ config: config() }, request)).toEqual(writeCopyOffline(request));
    fake.next({ kind: 'status', status: 500 }, { kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    expect((await writeCopy({ config: config() }, request)).by).toBe('built-in');
    expect((await writeCopy({ config: config({ apiKey: 'sk-wrong' }) }, request)).by).toBe('built-in');
  });

  it('refuses an answer that lacks the channel\'s text or promises a discount no coupon gives', async () => {
    fake.next({ kind: 'ok', content: JSON.stringify({ subject: 'Hello', body: 'Take 20% off today!' }) });
    expect(await failure(writeCopyWithAi({ config: config() }, request))).toBe('malformed');
    fake.next({ kind: 'ok', content: JSON.stringify({ subject: 'Hello' }) });
    expect(await failure(writeCopyWithAi({ config: config() }, request))).toBe('malformed');
    fake.next({ kind: 'ok', content: '[1, 2]' });
    expect(await failure(writeCopyWithAi({ config: config() }, request))).toBe('malformed');
  });

  it('caps the fields and fills what the model left out from the built-in copy', async () => {
    fake.next({ kind: 'ok', content: JSON.stringify({ subject: 'S'.repeat(400), body: ['One.', 'Two.'], sms: 'x '.repeat(400) }) });
    const copy = await writeCopyWithAi({ config: config() }, { ...request, facts: { ...request.facts, coupon: { code: 'LEAF15', discount: 15 } } });
    expect(copy.by).toBe('ai');
    expect(Array.from(copy.subject).length).toBe(150);
    expect(copy.body).toBe('One.\n\nTwo.');
    expect(copy.sms.length).toBeLessThanOrEqual(300);
    expect(copy.button).not.toBe('');
    expect(copy.heading).not.toBe('');
  });
});
