import { automationRoutes, type FlowDetail, type RouteDef } from '@storecast/contract';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';

const byId = (id: string) => ({ query: { id } });

export function useFlow(id: string) {
  // The draft is edited here: a background refetch must not replace what the user is typing.
  return useApiQuery(automationRoutes.flow, byId(id), { enabled: id !== '', refetchOnWindowFocus: false });
}

/** The store's Smart Send settings, for the SMS quiet hours (the same route key /automation reads). */
export function useAutomationSettings() {
  return useApiQuery(automationRoutes.flows, undefined, { select: (d) => d.settings });
}

/**
 * Save and publish answer with the flow as stored; the cache takes it so the page reads it back
 * at once. The flows list and report are refreshed behind it rather than before: the editor shows
 * none of them, and waiting for them would hold the result (and its notice) back on a slow day.
 */
function useKeepFlow(...refresh: RouteDef[]) {
  const cache = useApiCache();
  return (flow: FlowDetail) => {
    void cache.set(automationRoutes.flow, byId(flow.id), flow);
    void cache.invalidate(...refresh);
  };
}

export function useSaveFlow() {
  return useApiMutation(automationRoutes.saveFlow, { onSuccess: useKeepFlow(automationRoutes.flows) });
}

export function usePublishFlow() {
  return useApiMutation(automationRoutes.publishFlow, { onSuccess: useKeepFlow(automationRoutes.flows, automationRoutes.report) });
}
