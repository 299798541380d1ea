import { api } from '@storecast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { useToken } from '../../shared/api/token-store.ts';

export const accountKeys = { stores: ['shop-list'] as const };

/** Stores the user owns or manages. */
export function useStoreList() {
  const token = useToken();
  return useQuery({ queryKey: [...accountKeys.stores, token], queryFn: () => call(api.shop.list) });
}
