import { popupRoutes } from '@storecast/contract';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';
import { useAppConfig, useSessionUser } from '../../shared/session/queries.ts';

/** Whether this store is one of the internal stores that manage templates (SPEC section 6). */
export function useIsInternalStore(): boolean | undefined {
  const user = useSessionUser().data;
  const config = useAppConfig().data;
  if (!user || !config) return undefined;
  return user.shop_id !== '' && config.internal_shop_ids.includes(user.shop_id);
}

export function useTemplates(enabled: boolean) {
  return useApiQuery(popupRoutes.templates, undefined, { enabled });
}

/** The store's subscription pop-up, whose content a new template starts from. */
export function useStarterContent(enabled: boolean) {
  return useApiQuery(popupRoutes.main, undefined, { enabled, select: (p) => p.content });
}

export function useTemplateActions() {
  return {
    save: useApiMutation(popupRoutes.saveTemplate, { invalidates: [popupRoutes.templates, popupRoutes.gallery] }),
    setStatus: useApiMutation(popupRoutes.setTemplateStatus, { invalidates: [popupRoutes.templates, popupRoutes.gallery] }),
  };
}
