import { type BodyOf, type Popup, popupRoutes } from '@storecast/contract';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';

type SaveBody = BodyOf<typeof popupRoutes.saveMain>;

export function useMainPopup() {
  return useApiQuery(popupRoutes.main);
}

export function useEmbedBlock() {
  return useApiQuery(popupRoutes.embedBlock);
}

/** The save body of the stored pop-up, so a page that changes one part sends the rest unchanged. */
export function mainBody(p: Popup): SaveBody {
  return { enabled: p.enabled, double_opt_in: p.double_opt_in, content: p.content, conditions: p.conditions };
}

export function useSaveMainPopup() {
  const cache = useApiCache();
  return useApiMutation(popupRoutes.saveMain, {
    invalidates: [popupRoutes.daily],
    // The answer is the saved pop-up: the home page shows it without asking again.
    onSuccess: (saved) => void cache.set(popupRoutes.main, undefined, saved),
  });
}
