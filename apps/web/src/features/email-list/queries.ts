import { api, type SubscriberFilter } from '@storecast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { useToken } from '../../shared/api/token-store.ts';

/** Query keys of the e-mail list; the token is part of each so a store switch starts fresh. */
export const listKeys = {
  subscribers: ['subscriber-list'] as const,
  subscriber: ['subscriber-detail'] as const,
  tags: ['tag-list'] as const,
  segments: ['segment-list'] as const,
  imports: ['import-list'] as const,
  exports: ['export-list'] as const,
};

export function useSubscribers(filter: SubscriberFilter, cursor: string | undefined, pageSize: number) {
  const token = useToken();
  return useQuery({
    queryKey: [...listKeys.subscribers, token, filter, cursor, pageSize],
    queryFn: () => call(api.audience.subscriberList, { query: { ...filter, cursor, page_size: pageSize } }),
    // Keep the rows on screen while the next page loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}

export function useSubscriber(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: [...listKeys.subscriber, token, id],
    queryFn: () => call(api.audience.subscriberDetail, { query: { id: String(id) } }),
    enabled: id !== null,
  });
}

export function useTags() {
  const token = useToken();
  return useQuery({ queryKey: [...listKeys.tags, token], queryFn: () => call(api.audience.tagList) });
}

export function useSegments() {
  const token = useToken();
  return useQuery({ queryKey: [...listKeys.segments, token], queryFn: () => call(api.audience.segmentList) });
}

/** Records refresh every two seconds while one of them is still running. */
const whileRunning = (rows: { status: string }[] | undefined) =>
  rows?.some((r) => r.status === 'in_progress') ? 2000 : false;

export function useImports() {
  const token = useToken();
  return useQuery({
    queryKey: [...listKeys.imports, token],
    queryFn: () => call(api.audience.importList),
    refetchInterval: (q) => whileRunning(q.state.data),
  });
}

export function useExports() {
  const token = useToken();
  return useQuery({
    queryKey: [...listKeys.exports, token],
    queryFn: () => call(api.audience.exportList),
    refetchInterval: (q) => whileRunning(q.state.data),
  });
}
