import { counterOf, LIVE_COUNTERS, type LiveCounter, type LiveItem, type LiveSnapshot } from '@storecast/contract';
import type { StreamMessage } from './parse-event-stream.ts';

/** How many lines the feed keeps, newest first. */
export const FEED_SIZE = 50;

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'refused';

export interface LiveState {
  status: LiveStatus;
  counts: Record<LiveCounter, number>;
  /** Newest first. */
  feed: LiveItem[];
  /** A refusal the server explained (session gone, too many pages open). */
  error: string | null;
}

const newestFirst = (a: LiveItem, b: LiveItem) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0);

const zero = () => Object.fromEntries(LIVE_COUNTERS.map((c) => [c, 0])) as Record<LiveCounter, number>;

export const initialLiveState = (): LiveState => ({ status: 'connecting', counts: zero(), feed: [], error: null });

/**
 * The live view's state as the stream's messages arrive. A snapshot (the first message of every
 * connection, reconnections included) replaces the counters, since it counts the whole window
 * again; items add to the counters they move and go on top of the feed once each.
 */
export function applyMessage(state: LiveState, msg: StreamMessage): LiveState {
  let payload: unknown;
  try {
    payload = JSON.parse(msg.data);
  } catch {
    return state;
  }
  if (msg.event === 'snapshot') {
    const s = payload as LiveSnapshot;
    // Lines the feed already shows (kept across a reconnection) are not repeated.
    const known = new Set(state.feed.map((i) => i.key));
    const feed = [...state.feed, ...(s.recent ?? []).filter((i) => !known.has(i.key))]
      .sort(newestFirst).slice(0, FEED_SIZE);
    return { ...state, status: 'live', error: null, counts: { ...zero(), ...s.counts }, feed };
  }
  if (msg.event === 'items' && Array.isArray(payload)) {
    const known = new Set(state.feed.map((i) => i.key));
    const fresh = (payload as LiveItem[]).filter((i) => !known.has(i.key));
    if (fresh.length === 0) return state;
    const counts = { ...state.counts };
    for (const item of fresh) {
      const c = counterOf(item);
      if (c) counts[c] += 1;
    }
    return { ...state, counts, feed: [...fresh].sort(newestFirst).concat(state.feed).slice(0, FEED_SIZE) };
  }
  return state;
}

export const withStatus = (state: LiveState, status: LiveStatus, error: string | null = null): LiveState =>
  state.status === status && state.error === error ? state : { ...state, status, error };
