import { type StrategyBody, type StrategyDetail, type StrategyKind, audienceRoutes, brandRoutes, shopRoutes, strategyRoutes } from '@storecast/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';
import { useDebounced } from '../../shared/ui/use-debounced.ts';

export function useStrategyList(kind: StrategyKind, page: number, pageSize: number) {
  return useApiQuery(strategyRoutes.list, { query: { kind, page, page_size: pageSize } }, {
    placeholderData: keepPreviousData,
    // A running send changes its numbers; keep the list fresh while it is open.
    refetchInterval: 15_000,
  });
}

const byId = (id: string | null) => ({ query: { id: id ?? '' } });

export function useStrategyDetail(id: string | null) {
  return useApiQuery(strategyRoutes.detail, byId(id), { enabled: !!id });
}

export function useStrategyReport(id: string | null) {
  return useApiQuery(strategyRoutes.report, byId(id), { enabled: !!id, refetchInterval: 10_000 });
}

// Segments and store info are read under the same route keys as their own features read them.
export function useSegmentOptions() {
  return useApiQuery(audienceRoutes.segmentList);
}

export function useShopInfo() {
  return useApiQuery(shopRoutes.info);
}

/** What the server says to heed before sending (no postal address, http links), in the admin's language. */
export function useSendWarnings(id: string | null) {
  return useApiQuery(strategyRoutes.preflight, byId(id), { enabled: !!id });
}

/** Subscribed addresses the chosen segments reach, asked once the choice settles. */
export function useAudienceCount(segmentIds: string[], smartSending = false) {
  const settled = useDebounced(segmentIds.join(','), 300);
  return useApiQuery(strategyRoutes.audienceCount, { query: { segment_ids: settled, smart_sending: smartSending ? '1' : '0' } }, {
    enabled: settled.length > 0,
    staleTime: 10_000,
  });
}

/** The save body for a stored strategy, so each step sends everything and loses nothing. */
export function toBody(d: StrategyDetail): StrategyBody {
  return {
    id: d.id, name: d.name, title: d.title, summary: d.summary, segment_ids: d.segment_ids, utm: d.utm,
    coupon_id: d.coupon_id, content: d.content, send_mode: 'draft', send_at: d.send_at,
  };
}

export function useSaveStrategy() {
  const cache = useApiCache();
  return useApiMutation(strategyRoutes.save, {
    invalidates: [strategyRoutes.list],
    // The answer is the saved record: the next step reads it without asking again.
    onSuccess: (saved) => void cache.set(strategyRoutes.detail, byId(saved.id), saved),
  });
}

export function useStrategyAction() {
  const byIdBody = (id: string) => ({ body: { id } });
  return {
    terminate: useApiMutation(strategyRoutes.terminate, { input: byIdBody, invalidates: [strategyRoutes.list] }),
    remove: useApiMutation(strategyRoutes.remove, { input: byIdBody, invalidates: [strategyRoutes.list] }),
    // A new template shows in the content library and the template step at once.
    saveAsTemplate: useApiMutation(strategyRoutes.saveAsTemplate, { invalidates: [brandRoutes.templateList] }),
  };
}
