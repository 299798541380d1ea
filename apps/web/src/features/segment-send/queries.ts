import { api, type EmailDoc, type StrategyBody, type StrategyDetail } from '@storecast/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { useToken } from '../../shared/api/token-store.ts';
import { useDebounced } from '../../shared/ui/use-debounced.ts';

/** Query keys; the segment and store keys match the ones their own features use, to share the cache. */
export const sendKeys = {
  list: ['strategy-list'] as const,
  detail: ['strategy-detail'] as const,
  report: ['strategy-report'] as const,
};

export function useStrategyList(page: number, pageSize: number) {
  const token = useToken();
  return useQuery({
    queryKey: [...sendKeys.list, token, page, pageSize],
    queryFn: () => call(api.strategy.list, { query: { kind: 'segment', page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
    // A running send changes its numbers; keep the list fresh while it is open.
    refetchInterval: 15_000,
  });
}

export function useStrategyDetail(id: string | null) {
  const token = useToken();
  return useQuery({
    queryKey: [...sendKeys.detail, token, id],
    queryFn: () => call(api.strategy.detail, { query: { id: id! } }),
    enabled: !!id,
  });
}

export function useStrategyReport(id: string | null) {
  const token = useToken();
  return useQuery({
    queryKey: [...sendKeys.report, token, id],
    queryFn: () => call(api.strategy.report, { query: { id: id! } }),
    enabled: !!id,
    refetchInterval: 10_000,
  });
}

export function useSegmentOptions() {
  const token = useToken();
  return useQuery({ queryKey: ['segment-list', token], queryFn: () => call(api.audience.segmentList) });
}

export function useShopInfo() {
  const token = useToken();
  return useQuery({ queryKey: ['shop-info', token], queryFn: () => call(api.shop.info) });
}

/** What the server says to heed before sending (no postal address, http links), in the admin's language. */
export function useSendWarnings(id: string | null) {
  const token = useToken();
  return useQuery({
    queryKey: ['strategy-preflight', token, id],
    queryFn: () => call(api.strategy.preflight, { query: { id: id! } }),
    enabled: !!id,
  });
}

/** Subscribed addresses the chosen segments reach, asked once the choice settles. */
export function useAudienceCount(segmentIds: string[]) {
  const token = useToken();
  const settled = useDebounced(segmentIds.join(','), 300);
  return useQuery({
    queryKey: ['strategy-audience', token, settled],
    queryFn: () => call(api.strategy.audienceCount, { query: { segment_ids: settled } }),
    enabled: settled.length > 0,
    staleTime: 10_000,
  });
}

/**
 * The server-rendered preview of the content, asked 600 ms after the last edit. Quiet: a
 * half-edited block is expected while typing, so the caller shows problems inline, not as toasts.
 */
export function usePreview(title: string, summary: string, content: EmailDoc | null) {
  const token = useToken();
  const settled = useDebounced(JSON.stringify({ title, summary, content }), 600);
  const body = JSON.parse(settled) as { title: string; summary: string; content: EmailDoc | null };
  return useQuery({
    queryKey: ['strategy-preview', token, settled],
    queryFn: () => call(api.strategy.preview, { body: { ...body, content: body.content! }, quiet: true }),
    enabled: !!body.content,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
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
  const queryClient = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (body: StrategyBody) => call(api.strategy.save, { body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData([...sendKeys.detail, token, saved.id], saved);
      await queryClient.invalidateQueries({ queryKey: sendKeys.list });
    },
  });
}

export function useStrategyAction() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sendKeys.list });
  return {
    terminate: useMutation({ mutationFn: (id: string) => call(api.strategy.terminate, { body: { id } }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => call(api.strategy.remove, { body: { id } }), onSuccess: refresh }),
    saveAsTemplate: useMutation({
      mutationFn: (v: { id: string; name: string }) => call(api.strategy.saveAsTemplate, { body: v }),
    }),
  };
}
