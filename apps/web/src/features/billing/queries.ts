import { billingRoutes } from '@storecast/contract';
import { useApiQuery } from '../../shared/api/use-api-query.ts';

/** Sending volume of the current store (header quota and the pricing page). */
export function useSendPackage() {
  return useApiQuery(billingRoutes.enableData, undefined, { staleTime: 60_000 });
}

/** Membership of the current store. */
export function useVipInfo() {
  return useApiQuery(billingRoutes.vipInfo, undefined, { staleTime: 60_000 });
}
