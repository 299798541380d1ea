import { api } from '@storecast/contract';
import { useApiQuery } from '../../shared/api/use-api-query.ts';

export function useStoreInfo() {
  return useApiQuery(api.shop.info);
}

/** The currencies a store may use; the list does not change while the app runs. */
export function useCurrencies() {
  return useApiQuery(api.shop.currency, undefined, { staleTime: Infinity });
}
