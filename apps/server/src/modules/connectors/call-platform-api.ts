/**
 * A platform link's access token as the callers hold it: a fixed token (the install, tests), or a
 * credential that refreshes an expiring token (refresh-platform-token.ts) before it runs out and
 * once more when the platform refuses it.
 */
export interface PlatformCredential {
  /** The token to send now; refreshed first when it is about to expire. */
  current(): Promise<string>;
  /** A fresh token after the platform answered 401 to `refused`; throws when the link is no longer authorised. */
  renew(refused: string): Promise<string>;
}
export type TokenSource = string | PlatformCredential;

export interface PacedCall {
  /** Calls with one key are spaced `minIntervalMs` apart (one platform store). */
  key: string;
  minIntervalMs: number;
  url: URL;
  method?: string;
  /** The headers of one attempt, given the token it sends. */
  headers: (token: string) => Record<string, string>;
  body?: string;
  token: TokenSource;
  /** 429s waited out before giving up. */
  retries?: number;
  timeoutMs?: number;
  /** What a refused token (401) throws: the platform's own class, which callers test for. */
  unauthorized: (status: number) => Error;
  /** Names the call in errors, as `Shoplazza` or `Shopline`. */
  label: string;
}

const lastCall = new Map<string, number>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A first sync's lease is 60 s; a longer wait would lose it. */
const MAX_RETRY_AFTER_S = 30;

/** Thrown for an answer other than 2xx, 401 and a 429 waited out, with the status for callers that act on it. */
export class PlatformHttpError extends Error {
  constructor(readonly status: number, readonly body: string, message: string) {
    super(message);
  }
}

/**
 * A 403: the platform took the token but refused this call, as it does for a scope the token was
 * not granted (an install from before the app asked for it). The token still works for the rest,
 * so this never marks the link unauthorised or pauses the store: only the feature that made the
 * call fails, and the admin names the missing scopes (find-missing-scopes.ts).
 */
export class PlatformScopeRefused extends PlatformHttpError {}

/**
 * One call to a platform's admin API, shared by the Shoplazza and Shopline connectors: spaced to
 * the platform's pace per store (kept in this process), a 429 waiting its `Retry-After` seconds
 * (one when missing) and tried again up to `retries` times; a 401 renews an expiring token once
 * and tries again; 401 after that throws `unauthorized`; 403 (a scope the token lacks)
 * PlatformScopeRefused; any other answer not 2xx a PlatformHttpError. Returns the 2xx response,
 * its body unread.
 */
export async function callPlatformApi(call: PacedCall): Promise<Response> {
  const credential = typeof call.token === 'string' ? null : call.token;
  let token = credential ? await credential.current() : (call.token as string);
  let renewed = false;
  for (let attempt = 0; ; attempt += 1) {
    const wait = (lastCall.get(call.key) ?? 0) + call.minIntervalMs - Date.now();
    if (wait > 0) await sleep(wait);
    lastCall.set(call.key, Date.now());
    const res = await fetch(call.url, {
      method: call.method ?? 'GET',
      headers: call.headers(token),
      body: call.body,
      signal: AbortSignal.timeout(call.timeoutMs ?? 30_000),
    });
    if (res.status === 429 && attempt < (call.retries ?? 8)) {
      const after = Number(res.headers.get('retry-after'));
      await res.body?.cancel();
      await sleep(Number.isFinite(after) && after > 0 ? Math.min(after, MAX_RETRY_AFTER_S) * 1000 : 1000);
      continue;
    }
    if (res.status === 401 && credential && !renewed) {
      await res.body?.cancel();
      renewed = true;
      token = await credential.renew(token);
      continue;
    }
    if (res.status === 401) {
      await res.body?.cancel();
      throw call.unauthorized(res.status);
    }
    if (!res.ok) {
      const body = (await res.text().catch(() => '')).slice(0, 500);
      const message = `${call.label} answered ${res.status} to ${call.url.pathname}`;
      // Renewing would not help: a refreshed token carries the same scopes.
      if (res.status === 403) throw new PlatformScopeRefused(res.status, body, message);
      throw new PlatformHttpError(res.status, body, message);
    }
    return res;
  }
}
