import { api } from '@storecast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { useToken } from '../../shared/api/token-store.ts';

/** Keys start with the feature name so a save can refresh exactly what it changed. */
export const brandKeys = {
  style: ['brand', 'email-style'] as const,
  presets: ['brand', 'presets'] as const,
  attribution: ['brand', 'sales-attribution'] as const,
  titles: ['brand', 'library', 'titles'] as const,
  images: ['brand', 'library', 'images'] as const,
  templates: ['brand', 'library', 'templates'] as const,
  fonts: ['font-list'] as const,
};

export function useEmailStyle() {
  const token = useToken();
  return useQuery({ queryKey: [...brandKeys.style, token], queryFn: () => call(api.brand.emailStyle) });
}

/**
 * The store's coupon presets. The e-mail editor asks again when its tab comes back into view
 * (`refreshOnFocus`): presets are added on /store/brand-assets, which it opens in another tab.
 */
export function useCouponPresets(opts: { refreshOnFocus?: boolean } = {}) {
  const token = useToken();
  return useQuery({ queryKey: [...brandKeys.presets, token], queryFn: () => call(api.brand.presets), refetchOnWindowFocus: opts.refreshOnFocus ?? false });
}

export function useSalesAttribution() {
  const token = useToken();
  return useQuery({ queryKey: [...brandKeys.attribution, token], queryFn: () => call(api.brand.salesAttribution) });
}

export function useLibraryTitles() {
  const token = useToken();
  return useQuery({ queryKey: [...brandKeys.titles, token], queryFn: () => call(api.brand.titleList) });
}

export function useLibraryImages() {
  const token = useToken();
  return useQuery({ queryKey: [...brandKeys.images, token], queryFn: () => call(api.brand.imageList) });
}

export function useLibraryTemplates() {
  const token = useToken();
  return useQuery({ queryKey: [...brandKeys.templates, token], queryFn: () => call(api.brand.templateList) });
}

/** Fonts an e-mail may use; the list does not change while the app runs. */
export function useFonts() {
  return useQuery({ queryKey: brandKeys.fonts, queryFn: () => call(api.shop.fontList), staleTime: Infinity });
}
