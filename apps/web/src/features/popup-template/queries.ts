import { api } from '@storecast/contract';
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
  return useApiQuery(api.popup.templates, undefined, { enabled });
}

/** The store's subscription pop-up, whose content a new template starts from. */
export function useStarterContent(enabled: boolean) {
  return useApiQuery(api.popup.main, undefined, { enabled, select: (p) => p.content });
}

export function useTemplateActions() {
  return {
    save: useApiMutation(api.popup.saveTemplate, { invalidates: [api.popup.templates, api.popup.gallery] }),
    setStatus: useApiMutation(api.popup.setTemplateStatus, { invalidates: [api.popup.templates, api.popup.gallery] }),
  };
}
