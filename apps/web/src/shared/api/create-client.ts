import { LIMITS, ResultCode, type BodyOf, type DataOf, type QueryOf, type RouteDef } from '@storecast/contract';
import { ApiError, NETWORK_ERROR } from './api-error.ts';

export interface ClientOptions {
  /** API root without a trailing slash, e.g. "/api" or "https://appapi.example.com/api". */
  baseUrl: () => string;
  token: () => string;
  /** Sent as Accept-Language so the server answers in the user's language. */
  language: () => string;
  /** Shows a localised error message to the user, with the envelope's `data` (e.g. `required_level`). */
  notify: (msg: string, data?: unknown) => void;
  /** Localised text for a request that never got an answer. */
  networkErrorMessage: () => string;
  /** The session is gone (code 102): sign the user out and send them to /login. */
  onSessionGone: () => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface CallOptions<R> {
  body?: BodyOf<R>;
  query?: QueryOf<R>;
  /**
   * Leave the failure to the caller: no toast and no redirect on 102. The guard uses this for
   * the user-info check, which has its own message.
   */
  quiet?: boolean;
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

function isEnvelope(x: unknown): x is Envelope {
  return typeof x === 'object' && x !== null && typeof (x as Envelope).code === 'number';
}

function toSearch(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * The one way the admin talks to the API. It unwraps the `{code, msg, data}` envelope: code 100
 * resolves with `data`; anything else shows `msg` (already in the user's language) and rejects
 * with an ApiError carrying the code and, for validation failures, the field messages.
 */
export function createClient(opts: ClientOptions) {
  const timeoutMs = opts.timeoutMs ?? LIMITS.requestTimeoutMs;
  const doFetch = opts.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function call<R extends RouteDef>(route: R, options: CallOptions<R> = {}): Promise<DataOf<R>> {
    const headers: Record<string, string> = { 'Accept-Language': opts.language(), Accept: 'application/json' };
    const token = opts.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    const hasBody = route.method !== 'GET';
    if (hasBody) headers['Content-Type'] = 'application/json';

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let envelope: unknown;
    try {
      const res = await doFetch(`${opts.baseUrl()}${route.path}${toSearch(options.query as object | undefined)}`, {
        method: route.method,
        headers,
        credentials: 'include',
        signal: controller.signal,
        body: hasBody ? JSON.stringify(options.body ?? {}) : undefined,
      });
      envelope = await res.json();
    } catch {
      // Offline, refused, timed out, or an answer that is not our JSON (a proxy's error page).
      envelope = undefined;
    } finally {
      clearTimeout(timer);
    }

    if (!isEnvelope(envelope)) {
      const msg = opts.networkErrorMessage();
      if (!options.quiet) opts.notify(msg);
      throw new ApiError(NETWORK_ERROR, msg);
    }
    if (envelope.code === ResultCode.OK) return envelope.data as DataOf<R>;

    const data = envelope.data as { fields?: Record<string, string> } | null;
    const error = new ApiError(envelope.code, envelope.msg, data?.fields ?? {});
    if (!options.quiet) {
      opts.notify(envelope.msg, envelope.data);
      if (envelope.code === ResultCode.SESSION_GONE) opts.onSessionGone();
    }
    throw error;
  }

  return { call };
}

export type ApiClient = ReturnType<typeof createClient>;
