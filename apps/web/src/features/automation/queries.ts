import { automationRoutes, shopRoutes, type AutomationSettings } from '@storecast/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';

/** The store's seven flows and its Smart Send settings; numbers move while runs advance. */
export function useFlows() {
  return useApiQuery(automationRoutes.flows, undefined, { refetchInterval: 30_000 });
}

export function useFlowReport(id: string | null, days: number) {
  return useApiQuery(automationRoutes.report, { query: { id: id ?? '', days } }, {
    enabled: !!id,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** Currency and time zone, read under the same route key as the store pages read them. */
export function useShopInfo() {
  return useApiQuery(shopRoutes.info);
}

/**
 * One flow's switch. A refusal (no verified sender, no volume) is the API client's toast and
 * leaves the cached flow as it was, so the switch stays off.
 */
export function useSwitchFlow() {
  return useApiMutation(automationRoutes.switchFlow, { invalidates: [automationRoutes.flows, automationRoutes.report] });
}

export function useSaveSettings() {
  return useApiMutation<typeof automationRoutes.saveSettings, AutomationSettings>(automationRoutes.saveSettings, {
    invalidates: [automationRoutes.flows],
  });
}
