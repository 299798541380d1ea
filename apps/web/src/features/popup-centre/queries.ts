import { api, type Popup, type QueryOf, type SaveCustomPopupBody } from '@storecast/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';

export type GalleryFilters = QueryOf<typeof api.popup.gallery>;

export function usePopupList() {
  return useApiQuery(api.popup.list);
}

const byId = (id: string | null) => ({ query: { id: id ?? '' } });

export function usePopupDetail(id: string | null) {
  return useApiQuery(api.popup.detail, byId(id), { enabled: !!id });
}

export function useGallery(filters: GalleryFilters) {
  return useApiQuery(api.popup.gallery, { query: filters }, { placeholderData: keepPreviousData });
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
  return useApiMutation(api.popup.save, {
    invalidates: [api.popup.list],
    // The answer is the saved pop-up: the next step reads it without asking again.
    onSuccess: (saved) => void cache.set(api.popup.detail, byId(saved.id), saved),
  });
}

export function usePopupActions() {
  return {
    setEnabled: useApiMutation(api.popup.setEnabled, { invalidates: [api.popup.list] }),
    remove: useApiMutation(api.popup.remove, { input: (id: string) => ({ body: { id } }), invalidates: [api.popup.list] }),
  };
}
