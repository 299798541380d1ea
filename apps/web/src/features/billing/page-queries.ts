import { billingRoutes } from '@storecast/contract';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { useSessionUser } from '../../shared/session/queries.ts';

/**
 * Reads the billing pages share. Kept apart from queries.ts, which the header's indicators bring
 * into the first load.
 */

/** Whether payments are configured, with the provider's key and script. */
export function usePaymentConfig() {
  return useApiQuery(billingRoutes.paymentConfig, undefined, { staleTime: Infinity });
}

/** Only the store's owner pays and keeps the card (the routes are owner-only). */
export function useIsOwner(): boolean {
  return useSessionUser().data?.manager_info.manager_role === 'owner';
}

/** The saved card; asked only for the owner, since the route refuses managers. */
export function useSavedCard(enabled: boolean) {
  return useApiQuery(billingRoutes.getPaymentMethod, undefined, { enabled });
}

/** Everything a settled payment changes: volume, packs, ledger, membership and invoices. */
export const PAYMENT_AFFECTS = [
  billingRoutes.enableData,
  billingRoutes.renewList,
  billingRoutes.detailList,
  billingRoutes.detailNameList,
  billingRoutes.vipInfo,
  billingRoutes.invoiceList,
] as const;
