import type { DbHandle } from '@storecast/db';

/** Whose stream it is: the session that opened it, its user and the store it shows. */
export interface StreamOwner { userId: string; sessionId: string; shopId: string }

/**
 * The live streams this process has open, by owner, so the places where access ends (sign-out,
 * a password or e-mail change, a manager revoked, a store transferred) close them at once
 * rather than at the next heartbeat. Another API process closes its own on its next read: each
 * store's feed checks its streams' sessions before it pushes anything (live-hub.ts).
 */
export class OpenStreams {
  private readonly open = new Map<() => void, StreamOwner>();

  /** Keeps a stream's close until the stream ends; the answer forgets it. */
  add(owner: StreamOwner, close: () => void): () => void {
    this.open.set(close, owner);
    return () => this.open.delete(close);
  }

  /** Closes every stream whose owner has all the given fields; answers how many. */
  close(match: Partial<StreamOwner>): number {
    let n = 0;
    for (const [close, owner] of [...this.open]) {
      if ((Object.keys(match) as (keyof StreamOwner)[]).every((k) => match[k] === undefined || match[k] === owner[k])) {
        this.open.delete(close);
        close();
        n += 1;
      }
    }
    return n;
  }
}

// One registry per running app: several apps (tests) may share a process, each with its own database.
const registries = new WeakMap<DbHandle, OpenStreams>();

export function openStreamsOf(dbh: DbHandle): OpenStreams {
  let r = registries.get(dbh);
  if (!r) registries.set(dbh, (r = new OpenStreams()));
  return r;
}

/**
 * Ends the live streams of a user, a session or a store's member in this process. Called after
 * the write that ends the access has committed, so a stream that reopens is refused.
 */
export function endLiveStreams(dbh: DbHandle, match: Partial<StreamOwner> & ({ userId: string } | { sessionId: string })): number {
  return openStreamsOf(dbh).close(match);
}
