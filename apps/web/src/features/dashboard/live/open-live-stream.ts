import { LIVE_STREAM_PATH, ResultCode } from '@storecast/contract';
import { apiBaseUrl } from '../../../shared/api/base-url.ts';
import { getToken } from '../../../shared/api/token-store.ts';
import { getLanguage } from '../../../shared/i18n/language.ts';
import { EventStreamParser, type StreamMessage } from './parse-event-stream.ts';

export interface LiveStreamHandlers {
  message(msg: StreamMessage): void;
  /** Connected, dropped (will retry) or refused by the server (its message; retried later when busy). */
  status(s: 'connecting' | 'reconnecting' | 'refused', error?: string): void;
}

const DEFAULT_RETRY_MS = 3000;
const MAX_RETRY_MS = 30_000;

/**
 * Reads the live stream with fetch, so the session token travels in the Authorization header
 * (EventSource cannot send one), and reconnects after a drop: after the server's `retry:` delay,
 * doubling while attempts keep failing. A refusal the server explains (an envelope: session gone,
 * too many pages) is shown; a busy store is tried again later, an ended session is not.
 * Returns a function that stops it.
 */
export function openLiveStream(h: LiveStreamHandlers): () => void {
  let stopped = false;
  let ctl: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let retryMs = DEFAULT_RETRY_MS;
  let failures = 0;

  const again = () => {
    if (stopped) return;
    const wait = Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.min(failures, 4));
    failures += 1;
    timer = setTimeout(() => void connect(), wait);
  };

  const connect = async () => {
    if (stopped) return;
    ctl = new AbortController();
    h.status(failures === 0 ? 'connecting' : 'reconnecting');
    try {
      const headers: Record<string, string> = { 'Accept-Language': getLanguage(), Accept: 'text/event-stream' };
      const token = getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      const res = await fetch(`${apiBaseUrl(window.location, false)}${LIVE_STREAM_PATH}`, { headers, signal: ctl.signal });
      if (!res.ok || !res.body || !res.headers.get('content-type')?.includes('text/event-stream')) {
        const env = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
        h.status('refused', env?.msg);
        // A session that ended or has no store stays refused until the user signs in again.
        if (env?.code === ResultCode.SESSION_GONE || res.status === 401 || res.status === 403) return;
        again();
        return;
      }
      const parser = new EventStreamParser();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const msg of parser.push(value)) {
          // The first message of a connection is its snapshot: the connection works.
          failures = 0;
          h.message(msg);
        }
        if (parser.retryMs !== null) retryMs = parser.retryMs;
      }
      h.status('reconnecting');
      again();
    } catch {
      if (stopped) return;
      h.status('reconnecting');
      again();
    }
  };

  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    ctl?.abort();
  };
}
