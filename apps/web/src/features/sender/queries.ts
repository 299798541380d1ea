import { type BodyOf, type RouteDef, type SenderLists, authRoutes, senderRoutes } from '@storecast/contract';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';

export function useSenderLists() {
  return useApiQuery(senderRoutes.lists);
}

/** The sender routes that answer with the fresh sender page data. */
type SenderChange = RouteDef & { data: (typeof senderRoutes.lists)['data'] };

/**
 * A sender call whose answer is the fresh sender page data: it replaces the cached lists, and
 * the session user (which carries the sender's status for the menu and gates) is refetched.
 */
export function useSenderMutation<R extends SenderChange>(route: R, onDone?: (data: SenderLists, vars: BodyOf<R>) => void) {
  const cache = useApiCache();
  return useApiMutation<R, BodyOf<R>>(route, {
    onSuccess: async (data, vars) => {
      const lists = data as SenderLists;
      cache.set(senderRoutes.lists, undefined, lists);
      await cache.invalidate(authRoutes.info);
      onDone?.(lists, vars);
    },
  });
}
