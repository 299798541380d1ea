import { channelShopRoutes, platformSyncRoutes } from '@storecast/contract';
import { useApiQuery } from '../../shared/api/use-api-query.ts';

/** The store's platform link (GET /channel-shop/info); one cache entry for every screen that shows it. */
export function useChannelShop(enabled = true) {
  return useApiQuery(channelShopRoutes.info, undefined, { enabled });
}

/** The first sync's progress, polled each second while it is queued or running (or not recorded yet). */
export function useSyncStatus(enabled: boolean) {
  return useApiQuery(platformSyncRoutes.status, undefined, {
    enabled,
    refetchInterval: (q) => {
      const s = q.state.data;
      return s && (s.status === 'done' || s.status === 'failed') ? false : 1000;
    },
  });
}
