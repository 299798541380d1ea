import { brandRoutes, shopRoutes } from '@storecast/contract';
import { useApiQuery } from '../../shared/api/use-api-query.ts';

export function useEmailStyle() {
  return useApiQuery(brandRoutes.emailStyle);
}

/**
 * The store's coupon presets. The e-mail editor asks again when its tab comes back into view
 * (`refreshOnFocus`): presets are added on /store/brand-assets, which it opens in another tab.
 */
export function useCouponPresets(opts: { refreshOnFocus?: boolean } = {}) {
  return useApiQuery(brandRoutes.presets, undefined, { refetchOnWindowFocus: opts.refreshOnFocus ?? false });
}

export function useSalesAttribution() {
  return useApiQuery(brandRoutes.salesAttribution);
}

export function useLibraryTitles() {
  return useApiQuery(brandRoutes.titleList);
}

export function useLibraryImages() {
  return useApiQuery(brandRoutes.imageList);
}

export function useLibraryTemplates() {
  return useApiQuery(brandRoutes.templateList);
}

/** Fonts an e-mail may use; the list does not change while the app runs. */
export function useFonts() {
  return useApiQuery(shopRoutes.fontList, undefined, { staleTime: Infinity });
}
