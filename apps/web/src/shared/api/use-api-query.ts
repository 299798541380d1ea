import type { BodyOf, DataOf, RouteDef } from '@storecast/contract';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  type Query,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { apiQueryKey, sessionOfKey, type ApiInput } from './api-query-key.ts';
import type { ApiError } from './api-error.ts';
import { call } from './client.ts';
import type { CallOptions } from './create-client.ts';
import { useToken } from './token-store.ts';
import { useApiCache } from './use-api-cache.ts';

export type ApiQueryOptions<R extends RouteDef, T = DataOf<R>> = Omit<
  UseQueryOptions<DataOf<R>, ApiError, T, QueryKey>,
  'queryKey' | 'queryFn'
>;

/**
 * Reads one contract route through the query cache. The key comes from the route, the input and
 * the session (apiQueryKey), so features never keep key tables and a sign-in as someone else
 * never shows the previous account's answers. A route that needs a session waits for one.
 * `input.quiet` is passed to the client (no toast) and does not change the key.
 */
export function useApiQuery<R extends RouteDef, T = DataOf<R>>(
  route: R,
  input?: CallOptions<R>,
  options: ApiQueryOptions<R, T> = {},
) {
  const session = useToken();
  const { enabled, placeholderData, ...rest } = options;
  const needsSession = route.access !== 'public';
  return useQuery<DataOf<R>, ApiError, T, QueryKey>({
    ...rest,
    queryKey: apiQueryKey(route, input, session),
    queryFn: () => call(route, input),
    enabled: (q) => (!needsSession || session !== '') && (typeof enabled === 'function' ? enabled(q) : enabled !== false),
    placeholderData: placeholderData === keepPreviousData ? keepSameSessionData(needsSession ? session : '') : placeholderData,
  });
}

/**
 * keepPreviousData, but only within one session: the previous page of this store's list may
 * stay on screen while the next loads, another store's list may not.
 */
function keepSameSessionData(session: string) {
  return <D>(previous: D | undefined, previousQuery: Query<D, ApiError, D, QueryKey> | undefined) =>
    previousQuery && sessionOfKey(previousQuery.queryKey) === session ? previous : undefined;
}

export type ApiMutationOptions<R extends RouteDef, V> = Omit<UseMutationOptions<DataOf<R>, ApiError, V>, 'mutationFn'> & {
  /** Builds the call's input from what `mutate` is given; without it, that is the body. */
  input?: (vars: V) => CallOptions<R>;
  /** Routes whose cached answers this change makes stale; refetched before `onSuccess` runs. */
  invalidates?: readonly RouteDef[];
  /**
   * The call moves the session to another store (switch, connect): every cached answer is
   * dropped, so no page can show the previous store's data while it reloads.
   */
  switchesStore?: boolean;
};

/**
 * Writes through one contract route, then refreshes the routes it names (`invalidates`). What
 * `mutate` is given is the body, unless `input` builds the call from it.
 */
export function useApiMutation<R extends RouteDef, V = BodyOf<R>>(route: R, options: ApiMutationOptions<R, V> = {}) {
  const cache = useApiCache();
  const { input, invalidates = [], switchesStore = false, onSuccess, ...rest } = options;
  return useMutation<DataOf<R>, ApiError, V>({
    ...rest,
    mutationFn: (vars) => call(route, input ? input(vars) : ({ body: vars } as CallOptions<R>)),
    onSuccess: async (...args) => {
      // The cache is brought up to date first, so whatever onSuccess shows next (the closed
      // form's view, the dashboard of the new store) is never the answer from before the change.
      if (switchesStore) await cache.startOver();
      else await cache.invalidate(...invalidates);
      await onSuccess?.(...args);
    },
  });
}

export type { ApiInput };
