import type { LiveItem, LiveSnapshot } from '@storecast/contract';
import type { DbHandle } from '@storecast/db';
import { tooMany } from '../../http/app-error.ts';
import {
  type LiveCursor, type LiveIds, lowerBound, readCountedIds, readLiveCounts, readLiveItems, readLiveStart, readRecentItems,
} from './read-live-items.ts';

export interface LiveListener {
  /** The session whose access the stream rides on, checked before each push. */
  sessionId: string;
  snapshot(s: LiveSnapshot): void;
  items(items: LiveItem[]): void;
  /** The session no longer reaches the store: the stream ends. */
  end(): void;
}

export interface LiveHubOptions {
  /** Open streams per store (tabs of its admins). */
  perStore: number;
  /** Open streams of the whole process. */
  overall: number;
  pollMs: number;
}

export const LIVE_HUB_DEFAULTS: LiveHubOptions = { perStore: 5, overall: 200, pollMs: 1000 };
/** A refused stream may try again this much later: a place frees as soon as another page closes its view. */
const STREAM_RETRY_MS = 10_000;

/** One store's feed: its cursor, its listeners and one read per tick for all of them. */
class StoreFeed {
  readonly listeners = new Set<LiveListener>();
  reserved = 0;
  private cursor: LiveCursor | null = null;
  /** Where the feed started: ids below it were never its to deliver. */
  private floor: LiveCursor | null = null;
  /** A listener as given to join() and as kept (wrapped when it skips some rows). */
  private readonly wrapped = new Map<LiveListener, LiveListener>();
  /** Ids delivered within the lookback under the cursor, so a second read leaves them out. */
  private readonly delivered = { event: new Set<number>(), order: new Set<number>(), subscriber: new Set<number>() };
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly dbh: DbHandle, readonly shopId: string, private readonly pollMs: number, private readonly onError: (e: unknown) => void) {}

  /**
   * Work on the feed runs one piece at a time, so a listener's first counts are read at the
   * cursor the next read starts from: nothing is counted twice or missed.
   */
  private run(work: () => Promise<void>) {
    this.chain = this.chain.then(work).catch(this.onError);
    return this.chain;
  }

  join(l: LiveListener) {
    return this.run(async () => {
      if (!this.cursor) {
        this.cursor = await readLiveStart(this.dbh);
        this.floor = this.cursor;
      }
      const counts = await readLiveCounts(this.dbh, this.shopId, this.cursor);
      // Rows under the cursor that these counts include but the feed has not delivered (their
      // commit came late): this listener must not count them again when they arrive.
      const counted = await readCountedIds(this.dbh, this.shopId, lowerBound(this.cursor, this.floor!), this.cursor);
      const skip = new Set([
        ...counted.event.filter((id) => !this.delivered.event.has(id)).map((id) => `e${id}`),
        ...counted.order.filter((id) => !this.delivered.order.has(id)).map((id) => `o${id}`),
        ...counted.subscriber.filter((id) => !this.delivered.subscriber.has(id)).map((id) => `s${id}`),
      ]);
      const recent = await readRecentItems(this.dbh, this.shopId, this.cursor);
      l.snapshot({ counts, recent, since: new Date(Date.now() - 30 * 60_000).toISOString() });
      const kept: LiveListener = skip.size === 0 ? l : {
        sessionId: l.sessionId,
        snapshot: (x) => l.snapshot(x),
        items: (items) => {
          const fresh = items.filter((i) => !skip.has(i.key));
          if (fresh.length > 0) l.items(fresh);
        },
        end: () => l.end(),
      };
      this.listeners.add(kept);
      this.wrapped.set(l, kept);
      this.timer ??= setInterval(() => void this.tick(), this.pollMs);
    });
  }

  leave(l: LiveListener) {
    this.listeners.delete(this.wrapped.get(l) ?? l);
    this.wrapped.delete(l);
  }

  get idle() {
    return this.listeners.size === 0 && this.reserved === 0;
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private tickRunning = false;
  private tick() {
    // A slow database must not pile reads up: a tick that finds the last one running skips.
    if (this.tickRunning || !this.cursor || this.listeners.size === 0) return;
    this.tickRunning = true;
    void this.run(async () => {
      const lower = lowerBound(this.cursor!, this.floor!);
      const d = this.delivered;
      const { items, cursor } = await readLiveItems(this.dbh, this.shopId, this.cursor!, lower, {
        event: [...d.event], order: [...d.order], subscriber: [...d.subscriber],
      } satisfies LiveIds);
      this.cursor = cursor;
      for (const i of items) {
        const id = Number(i.key.slice(1));
        (i.key[0] === 'e' ? d.event : i.key[0] === 'o' ? d.order : d.subscriber).add(id);
      }
      const next = lowerBound(cursor, this.floor!);
      for (const [set, min] of [[d.event, next.event], [d.order, next.order], [d.subscriber, next.subscriber]] as const) {
        for (const id of set) if (id <= min) set.delete(id);
      }
      // Read after the items: a revoke or sign-out that committed before any of them was written
      // is seen here, so what happened after access ended never reaches that stream, in this
      // process or any other.
      const live = await readLiveSessions(this.dbh, this.shopId, [...new Set([...this.listeners].map((l) => l.sessionId))]);
      for (const l of [...this.listeners]) {
        if (live.has(l.sessionId)) continue;
        this.listeners.delete(l);
        l.end();
      }
      if (items.length === 0) return;
      for (const l of this.listeners) l.items(items);
    }).finally(() => { this.tickRunning = false; });
  }
}

/** The sessions among `ids` that are still live and whose user is still a member of the store. */
async function readLiveSessions(dbh: DbHandle, shopId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await dbh.query<{ id: string }>(
    `select s.id from sessions s join shop_members m on m.shop_id = s.shop_id and m.user_id = s.user_id
     where s.id = any($1::uuid[]) and s.shop_id = $2 and s.revoked_at is null and s.expires_at > now()`,
    [ids, shopId],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * The live view's server side: per store with open streams, one database read a second shared
 * by all of that store's streams, pushed to each. Streams are capped per store and overall.
 */
export class LiveHub {
  private readonly feeds = new Map<string, StoreFeed>();
  private open = 0;

  constructor(private readonly dbh: DbHandle, private readonly opts: LiveHubOptions, private readonly onError: (e: unknown) => void) {}

  /** Claims a place for a stream of the store, or refuses with 429 before anything is written. */
  reserve(shopId: string) {
    const feed = this.feeds.get(shopId);
    const used = feed ? feed.listeners.size + feed.reserved : 0;
    if (used >= this.opts.perStore || this.open >= this.opts.overall) throw tooMany(STREAM_RETRY_MS, 'errors.liveview.tooManyStreams');
    const f = feed ?? new StoreFeed(this.dbh, shopId, this.opts.pollMs, this.onError);
    this.feeds.set(shopId, f);
    f.reserved += 1;
    this.open += 1;
    let state: 'reserved' | 'joined' | 'closed' = 'reserved';
    let listener: LiveListener | null = null;
    const close = () => {
      if (state === 'closed') return;
      if (state === 'reserved') f.reserved -= 1;
      if (listener) f.leave(listener);
      state = 'closed';
      this.open -= 1;
      if (f.idle) {
        f.stop();
        this.feeds.delete(shopId);
      }
    };
    return {
      join: async (l: LiveListener) => {
        if (state !== 'reserved') return;
        listener = l;
        f.reserved -= 1;
        state = 'joined';
        await f.join(l);
        // Closed while its first counts were read: the join added it after leave() ran.
        if ((state as string) === 'closed') {
          f.leave(l);
          if (f.idle) f.stop();
        }
      },
      close,
    };
  }

  get streams() {
    return this.open;
  }

  stopAll() {
    for (const f of this.feeds.values()) f.stop();
    this.feeds.clear();
  }
}
