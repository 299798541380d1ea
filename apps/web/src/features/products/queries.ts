import { catalogueRoutes, type ProductStatus } from '@storecast/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '../../shared/api/use-api-query.ts';

export interface ProductListFilter {
  q: string;
  collection: string;
  status?: ProductStatus;
  page: number;
  page_size: number;
}

/** One page of the store's products; the previous page stays on screen while the next loads. */
export function useProductList(filter: ProductListFilter, enabled = true) {
  return useApiQuery(catalogueRoutes.list, { query: filter }, { placeholderData: keepPreviousData, enabled });
}

/**
 * One product by its id or handle, as Element Send searches: one reference at a time. `quiet`
 * leaves "Product ID/Handle not found." to the caller, which shows it by the search box.
 */
export function useProductFind(ref: string, options: { enabled?: boolean; quiet?: boolean } = {}) {
  const trimmed = ref.trim();
  return useApiQuery(catalogueRoutes.find, { query: { ref: trimmed }, quiet: options.quiet }, {
    enabled: trimmed !== '' && options.enabled !== false,
    retry: false,
  });
}
