import { api } from '@storecast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { useToken } from '../../shared/api/token-store.ts';

export const billingKeys = {
  sendPackage: ['send-package'] as const,
  vip: ['vip'] as const,
};

/** Sending volume of the current store (header quota and the pricing page). */
export function useSendPackage() {
  const token = useToken();
  return useQuery({
    queryKey: [...billingKeys.sendPackage, token],
    queryFn: () => call(api.billing.enableData),
    enabled: token !== '',
    staleTime: 60_000,
  });
}

/** Membership of the current store. */
export function useVipInfo() {
  const token = useToken();
  return useQuery({
    queryKey: [...billingKeys.vip, token],
    queryFn: () => call(api.billing.vipInfo),
    enabled: token !== '',
    staleTime: 60_000,
  });
}
