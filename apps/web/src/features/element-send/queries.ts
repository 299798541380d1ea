import { catalogueRoutes, elementRoutes, type ElementMatchState, strategyRoutes } from '@storecast/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';

const byId = (id: string | null) => ({ query: { id: id ?? '' } });

/**
 * One product by its id or handle. Quiet: the search field shows the server's sentence
 * ("Product ID/Handle not found.") under itself rather than as a toast.
 */
export function findProduct(ref: string) {
  return call(catalogueRoutes.find, { query: { ref }, quiet: true });
}

/**
 * The matching's state. While it runs, asked about every second: the job moves a product from
 * "querying" to "calculating" to done within seconds, and the page shows each step.
 */
export function useMatchState(id: string | null) {
  return useApiQuery(elementRoutes.state, byId(id), {
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false),
  });
}

/** Match, retry and change all answer with the new state: it replaces the cached one at once. */
function useStateMutation<R extends typeof elementRoutes.match | typeof elementRoutes.retry | typeof elementRoutes.change>(route: R) {
  const cache = useApiCache();
  return useApiMutation(route, {
    invalidates: [strategyRoutes.list],
    onSuccess: (state: ElementMatchState) => void cache.set(elementRoutes.state, byId(state.strategy_id), state),
  });
}

export const useStartMatching = () => useStateMutation(elementRoutes.match);
export const useRetryMatching = () => useStateMutation(elementRoutes.retry);
export const useChangeProduct = () => useStateMutation(elementRoutes.change);

export function useMatches(id: string | null, slot: number | null, page: number, pageSize: number) {
  return useApiQuery(elementRoutes.matches, { query: { id: id ?? '', slot: slot ?? 0, page, page_size: pageSize } }, {
    enabled: !!id && slot !== null,
    placeholderData: keepPreviousData,
  });
}
