import { api, type BodyOf, type Popup } from '@storecast/contract';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';

type SaveBody = BodyOf<typeof api.popup.saveMain>;

export function useMainPopup() {
  return useApiQuery(api.popup.main);
}

export function useEmbedBlock() {
  return useApiQuery(api.popup.embedBlock);
}

/** The save body of the stored pop-up, so a page that changes one part sends the rest unchanged. */
export function mainBody(p: Popup): SaveBody {
  return { enabled: p.enabled, double_opt_in: p.double_opt_in, content: p.content, conditions: p.conditions };
}

export function useSaveMainPopup() {
  const cache = useApiCache();
  return useApiMutation(api.popup.saveMain, {
    invalidates: [api.popup.daily],
    // The answer is the saved pop-up: the home page shows it without asking again.
    onSuccess: (saved) => void cache.set(api.popup.main, undefined, saved),
  });
}
