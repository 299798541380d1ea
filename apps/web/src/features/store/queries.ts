import { shopRoutes } from '@storecast/contract';
import { useApiQuery } from '../../shared/api/use-api-query.ts';

export function useStoreInfo() {
  return useApiQuery(shopRoutes.info);
}

/** The currencies a store may use; the list does not change while the app runs. */
export function useCurrencies() {
  return useApiQuery(shopRoutes.currency, undefined, { staleTime: Infinity });
}
