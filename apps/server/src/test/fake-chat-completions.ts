import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fake does with the next request. `ok` answers a chat completion (content from
 * `content`, else copy made up from the prompt); `status` answers an OpenAI error; `slow` sends
 * nothing until the client gives up and closes the connection; `malformed` answers content that
 * is no JSON object.
 */
export type FakeTurn =
  | { kind: 'ok'; content?: string }
  | { kind: 'status'; status: 400 | 429 | 500 | 503; retryAfter?: string; retryAfterMs?: string }
  | { kind: 'slow' }
  | { kind: 'malformed' };

export interface FakeRequest {
  authorization: string;
  body: { model?: string; messages?: { role: string; content: string }[]; temperature?: number; response_format?: { type: string } };
}

const ERRORS: Record<number, { message: string; type: string; code: string | null }> = {
  400: { message: "Invalid value for 'messages'.", type: 'invalid_request_error', code: null },
  401: { message: 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.', type: 'invalid_request_error', code: 'invalid_api_key' },
  429: { message: 'Rate limit reached for requests. Please try again later.', type: 'requests', code: 'rate_limit_exceeded' },
  500: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', code: null },
  503: { message: 'The engine is currently overloaded, please try again later.', type: 'server_error', code: null },
};

/**
 * An OpenAI-compatible chat-completions server on loopback: `POST /v1/chat/completions` with a
 * Bearer key, OpenAI's request checks (model, messages, the word "json" with a json_object
 * response format), its answer and error shapes (`{error: {message, type, param, code}}`) and
 * headers (retry-after, retry-after-ms). Turns queued with `next` script the following answers.
 */
export async function startFakeChatCompletions(opts: { apiKey?: string } = {}) {
  const apiKey = opts.apiKey ?? `sk-test-${randomBytes(8).toString('hex')}`;
  const requests: FakeRequest[] = [];
  const turns: FakeTurn[] = [];
  /** Slow requests whose client has closed the connection. */
  let abandoned = 0;
  const server = createServer((req, res) => void handle(req, res));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return error(res, 404, { message: `Invalid URL (${req.method} ${req.url})`, type: 'invalid_request_error', code: null });
    }
    const authorization = req.headers.authorization ?? '';
    if (authorization !== `Bearer ${apiKey}`) return error(res, 401, ERRORS[401]!);
    let body: FakeRequest['body'];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return error(res, 400, { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error', code: null });
    }
    requests.push({ authorization, body });
    if (!body.model) return error(res, 400, { message: 'you must provide a model parameter', type: 'invalid_request_error', code: null });
    if (!Array.isArray(body.messages) || body.messages.length === 0) return error(res, 400, ERRORS[400]!);
    const said = body.messages.map((m) => m.content).join('\n');
    if (body.response_format?.type === 'json_object' && !/json/i.test(said)) {
      return error(res, 400, {
        message: "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
        type: 'invalid_request_error', code: null,
      });
    }
    const turn = turns.shift() ?? { kind: 'ok' };
    if (turn.kind === 'slow') {
      res.on('close', () => void abandoned++);
      return;
    }
    if (turn.kind === 'status') {
      if (turn.retryAfter !== undefined) res.setHeader('retry-after', turn.retryAfter);
      if (turn.retryAfterMs !== undefined) res.setHeader('retry-after-ms', turn.retryAfterMs);
      return error(res, turn.status, ERRORS[turn.status]!);
    }
    const content = turn.kind === 'malformed' ? 'Sure! Here is your copy: Subject: Hello' : (turn.content ?? madeUpCopy(said));
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': `req_${randomBytes(6).toString('hex')}` });
    res.end(JSON.stringify({
      id: `chatcmpl-${randomBytes(8).toString('hex')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: Math.ceil(said.length / 4), completion_tokens: Math.ceil(content.length / 4), total_tokens: 0 },
    }));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    /** Queues answers for the following requests; once they are used up, requests are answered `ok`. */
    next(...t: FakeTurn[]) {
      turns.push(...t);
    },
    /** Slow requests the client gave up on. */
    get abandoned() {
      return abandoned;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
export type FakeChatCompletions = Awaited<ReturnType<typeof startFakeChatCompletions>>;

function error(res: ServerResponse, status: number, e: { message: string; type: string; code: string | null }) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message: e.message, type: e.type, param: null, code: e.code } }));
}

/** Copy in the language and for the store the prompt names, marked so tests can tell it from the built-in writer's. */
function madeUpCopy(prompt: string): string {
  const store = /Store: (.+?) \(/.exec(prompt)?.[1] ?? 'the store';
  const zh = prompt.includes('zh-CN');
  return JSON.stringify(zh
    ? {
        subject: `${store} 智能文案：本周精选`, preview: '为您挑选的好物。', heading: '本周精选',
        body: '{{first_name|亲爱的顾客}}，您好！\n\n本周精选已上线。', button: '立即选购', sms: `【${store}】本周精选已上线。`,
      }
    : {
        subject: `${store} AI copy: this week's picks`, preview: 'Picked for you.', heading: "This week's picks",
        body: 'Hi {{first_name|there}},\n\nThis week\'s picks are here.', button: 'Shop now', sms: `${store}: this week's picks are here.`,
      });
}
