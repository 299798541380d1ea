import type { DataOf, RouteDef } from '@storecast/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiQueryKey, routeKey, type ApiInput } from './api-query-key.ts';
import { useToken } from './token-store.ts';

/**
 * The cached answers of the current session, addressed by contract route like useApiQuery.
 * Invalidating or removing a route reaches it in every session: a stale answer of a session
 * that ended is never shown again anyway (its key is never asked for).
 */
export function useApiCache() {
  const queryClient = useQueryClient();
  const session = useToken();
  return useMemo(
    () => ({
      /** Marks every answer of these routes stale and refetches the ones on screen. */
      invalidate: async (...routes: readonly RouteDef[]) => {
        await Promise.all(routes.map((r) => queryClient.invalidateQueries({ queryKey: routeKey(r) })));
      },
      /** Forgets a route's answers without refetching (the guard, when the session is gone). */
      remove: (route: RouteDef) => queryClient.removeQueries({ queryKey: routeKey(route) }),
      /** The cached answer of one request in this session, if any. */
      get: <R extends RouteDef>(route: R, input?: ApiInput<R>) =>
        queryClient.getQueryData<DataOf<R>>(apiQueryKey(route, input, session)),
      /** Stores an answer the server already gave (a save that returns the saved record). */
      set: <R extends RouteDef>(route: R, input: ApiInput<R> | undefined, data: DataOf<R>) =>
        queryClient.setQueryData(apiQueryKey(route, input, session), data),
      /** Drops every answer and reloads what is on screen from nothing (another store, same token). */
      startOver: () => queryClient.resetQueries(),
    }),
    [queryClient, session],
  );
}

export type ApiCache = ReturnType<typeof useApiCache>;
