import { audienceRoutes } from '@storecast/contract';
import { useApiQuery } from '../../shared/api/use-api-query.ts';

// The e-mail list reads the same routes; the cache keeps one entry per route, so a saved
// segment or tag refreshes both screens.
export function useSegmentList() {
  return useApiQuery(audienceRoutes.segmentList);
}

export function useTagOptions() {
  return useApiQuery(audienceRoutes.tagList);
}
