import { shopRoutes } from '@storecast/contract';
import { useApiQuery } from '../../shared/api/use-api-query.ts';

/** Stores the user owns or manages. */
export function useStoreList() {
  return useApiQuery(shopRoutes.list);
}
