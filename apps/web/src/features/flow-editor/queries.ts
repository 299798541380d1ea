import { automationRoutes, type FlowDetail } from '@storecast/contract';
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

/** Save and publish answer with the flow as stored; the cache takes it so the page reads it back at once. */
function useKeepFlow() {
  const cache = useApiCache();
  return (flow: FlowDetail) => void cache.set(automationRoutes.flow, byId(flow.id), flow);
}

export function useSaveFlow() {
  const keep = useKeepFlow();
  return useApiMutation(automationRoutes.saveFlow, { invalidates: [automationRoutes.flows], onSuccess: keep });
}

export function usePublishFlow() {
  const keep = useKeepFlow();
  return useApiMutation(automationRoutes.publishFlow, {
    invalidates: [automationRoutes.flows, automationRoutes.report],
    onSuccess: keep,
  });
}
