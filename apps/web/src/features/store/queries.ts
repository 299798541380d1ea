import { api } from '@storecast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { useToken } from '../../shared/api/token-store.ts';

export const storeKeys = {
  info: ['shop-info'] as const,
  currencies: ['currencies'] as const,
};

export function useStoreInfo() {
  const token = useToken();
  return useQuery({ queryKey: [...storeKeys.info, token], queryFn: () => call(api.shop.info) });
}

/** The currencies a store may use; the list does not change while the app runs. */
export function useCurrencies() {
  return useQuery({ queryKey: storeKeys.currencies, queryFn: () => call(api.shop.currency), staleTime: Infinity });
}
