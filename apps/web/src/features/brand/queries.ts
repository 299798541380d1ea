import { api } from '@storecast/contract';
import { useApiQuery } from '../../shared/api/use-api-query.ts';

export function useEmailStyle() {
  return useApiQuery(api.brand.emailStyle);
}

/**
 * The store's coupon presets. The e-mail editor asks again when its tab comes back into view
 * (`refreshOnFocus`): presets are added on /store/brand-assets, which it opens in another tab.
 */
export function useCouponPresets(opts: { refreshOnFocus?: boolean } = {}) {
  return useApiQuery(api.brand.presets, undefined, { refetchOnWindowFocus: opts.refreshOnFocus ?? false });
}

export function useSalesAttribution() {
  return useApiQuery(api.brand.salesAttribution);
}

export function useLibraryTitles() {
  return useApiQuery(api.brand.titleList);
}

export function useLibraryImages() {
  return useApiQuery(api.brand.imageList);
}

export function useLibraryTemplates() {
  return useApiQuery(api.brand.templateList);
}

/** Fonts an e-mail may use; the list does not change while the app runs. */
export function useFonts() {
  return useApiQuery(api.shop.fontList, undefined, { staleTime: Infinity });
}
