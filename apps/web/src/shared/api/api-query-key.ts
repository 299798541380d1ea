import type { RouteDef } from '@storecast/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { CallOptions } from './create-client.ts';

/** What a cached answer depends on: the request (query string and body), never how it is asked. */
export type ApiInput<R> = Pick<CallOptions<R>, 'query' | 'body'>;

/**
 * The one cache key of an API answer: `[method, path, input, session]`. The route comes first so
 * a change can refresh a route whatever it was asked with (`invalidate(strategyRoutes.list)`);
 * the session comes last so no key of one session is ever the key of another, whichever store
 * or account the previous one showed. Two features reading the same endpoint share one entry
 * because nothing else goes into the key. A public route's answer is the same for everyone, so
 * it is kept once for all sessions.
 */
export function apiQueryKey<R extends RouteDef>(route: R, input: ApiInput<R> | undefined, session: string): QueryKey {
  return [route.method, route.path, toKeyInput(input), route.access === 'public' ? '' : session];
}

/** The prefix that matches every cached answer of one route, in every session. */
export function routeKey(route: RouteDef): QueryKey {
  return [route.method, route.path];
}

/** The session a key was made for (see apiQueryKey). */
export function sessionOfKey(key: QueryKey): unknown {
  return key[3];
}

// `quiet` and undefined members would otherwise split one request into several entries.
function toKeyInput<R>(input: ApiInput<R> | undefined): { query?: unknown; body?: unknown } {
  const out: { query?: unknown; body?: unknown } = {};
  if (input?.query !== undefined) out.query = input.query;
  if (input?.body !== undefined) out.body = input.body;
  return out;
}
