import { type Popup, type QueryOf, type SaveCustomPopupBody, popupRoutes } from '@storecast/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';

export type GalleryFilters = QueryOf<typeof popupRoutes.gallery>;

export function usePopupList() {
  return useApiQuery(popupRoutes.list);
}

const byId = (id: string | null) => ({ query: { id: id ?? '' } });

export function usePopupDetail(id: string | null) {
  return useApiQuery(popupRoutes.detail, byId(id), { enabled: !!id });
}

export function useGallery(filters: GalleryFilters) {
  return useApiQuery(popupRoutes.gallery, { query: filters }, { placeholderData: keepPreviousData });
}

/** The save body of a stored pop-up, so each step sends everything and loses nothing. */
export function customBody(p: Popup): SaveCustomPopupBody {
  return {
    id: p.id ?? undefined, name: p.name, template_id: p.template_id, enabled: p.enabled,
    double_opt_in: p.double_opt_in, content: p.content, conditions: p.conditions,
  };
}

export function useSavePopup() {
  const cache = useApiCache();
  return useApiMutation(popupRoutes.save, {
    invalidates: [popupRoutes.list],
    // The answer is the saved pop-up: the next step reads it without asking again.
    onSuccess: (saved) => void cache.set(popupRoutes.detail, byId(saved.id), saved),
  });
}

export function usePopupActions() {
  return {
    setEnabled: useApiMutation(popupRoutes.setEnabled, { invalidates: [popupRoutes.list] }),
    remove: useApiMutation(popupRoutes.remove, { input: (id: string) => ({ body: { id } }), invalidates: [popupRoutes.list] }),
  };
}
