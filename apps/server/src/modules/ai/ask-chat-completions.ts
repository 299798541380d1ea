import type { Config } from '../../config.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Why the API gave no usable answer; every one of them ends in the caller's fallback. */
export type AiFailure = 'not-configured' | 'unauthorized' | 'refused' | 'rate-limited' | 'server' | 'timeout' | 'network' | 'malformed';

export class AiUnavailableError extends Error {
  constructor(readonly reason: AiFailure, detail = '') {
    super(`chat completions unavailable: ${reason}${detail ? ` (${detail})` : ''}`);
  }
}

/** Retries after the first attempt, for 429 and 5xx only: a 400 or 401 will not change by asking again. */
const RETRIES = 2;
/** A 429's retry-after is honoured up to this; a longer one gives up at once rather than keep a person waiting. */
const MAX_RETRY_AFTER_MS = 5_000;
const BACKOFF_MS = [300, 900];

export interface AskOptions {
  temperature?: number;
  /** Asks the API for a JSON object (OpenAI's `response_format: {type: 'json_object'}`). */
  json?: boolean;
  /** Overrides the configured budget, e.g. longer for background work. */
  timeoutMs?: number;
}

/**
 * One chat completion from an OpenAI-compatible API: the text of `choices[0].message.content`.
 * `AI_TIMEOUT_MS` bounds the whole call, retries included, so the person who asked waits at most
 * that long. 429 honours `retry-after-ms` / `retry-after` (capped), 5xx and dropped connections
 * back off; both get two retries. Throws AiUnavailableError when no answer came.
 */
export async function askChatCompletions(
  config: Pick<Config, 'ai'>, messages: ChatMessage[], options: AskOptions = {},
): Promise<string> {
  const { baseUrl, apiKey, model } = config.ai;
  if (!baseUrl) throw new AiUnavailableError('not-configured');
  const deadline = Date.now() + (options.timeoutMs ?? config.ai.timeoutMs);
  const body = JSON.stringify({
    model,
    messages,
    temperature: options.temperature ?? 0.7,
    ...(options.json ? { response_format: { type: 'json_object' } } : {}),
  });
  let last: AiUnavailableError = new AiUnavailableError('timeout');
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    const left = deadline - Date.now();
    if (left <= 0) throw last;
    let res: Response;
    try {
      res = await fetch(`${baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body,
        signal: AbortSignal.timeout(left),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      if (timedOut) throw new AiUnavailableError('timeout');
      last = new AiUnavailableError('network', err instanceof Error ? err.message : String(err));
      if (!(await pause(BACKOFF_MS[attempt] ?? 0, deadline))) throw last;
      continue;
    }
    if (res.ok) return readContent(res, deadline);
    const detail = await readErrorMessage(res);
    if (res.status === 401 || res.status === 403) throw new AiUnavailableError('unauthorized', detail);
    if (res.status === 429) {
      last = new AiUnavailableError('rate-limited', detail);
      const wait = retryAfterMs(res.headers) ?? BACKOFF_MS[attempt] ?? 0;
      if (attempt === RETRIES || wait > MAX_RETRY_AFTER_MS || !(await pause(wait, deadline))) throw last;
      continue;
    }
    if (res.status >= 500) {
      last = new AiUnavailableError('server', `${res.status} ${detail}`);
      if (attempt === RETRIES || !(await pause(BACKOFF_MS[attempt] ?? 0, deadline))) throw last;
      continue;
    }
    throw new AiUnavailableError('refused', `${res.status} ${detail}`);
  }
  throw last;
}

async function readContent(res: Response, deadline: number): Promise<string> {
  let json: unknown;
  try {
    // The body can still be streaming in when the deadline passes.
    json = await Promise.race([res.json(), new Promise((_, reject) => {
      const t = setTimeout(() => reject(new AiUnavailableError('timeout')), Math.max(0, deadline - Date.now()));
      t.unref();
    })]);
  } catch (err) {
    if (err instanceof AiUnavailableError) throw err;
    throw new AiUnavailableError('malformed', 'answer is not JSON');
  }
  const content = (json as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) throw new AiUnavailableError('malformed', 'no message content');
  return content;
}

/** OpenAI's error shape is `{error: {message, type, code}}`; other servers may send anything. */
async function readErrorMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const msg = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof msg === 'string') return msg.slice(0, 200);
  } catch { /* not JSON */ }
  return text.slice(0, 200);
}

/** `retry-after-ms` (OpenAI sends it) before `retry-after` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers): number | null {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const v = headers.get('retry-after');
  if (v === null) return null;
  const s = Number(v);
  if (v.trim() !== '' && Number.isFinite(s) && s >= 0) return s * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Waits `ms` unless that would pass the deadline; false when there is no time left for another attempt. */
async function pause(ms: number, deadline: number): Promise<boolean> {
  if (Date.now() + ms >= deadline) return false;
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
  return true;
}
