import { type SubscriberFilter, audienceRoutes } from '@storecast/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '../../shared/api/use-api-query.ts';

export function useSubscribers(filter: SubscriberFilter, cursor: string | undefined, pageSize: number) {
  return useApiQuery(
    audienceRoutes.subscriberList,
    { query: { ...filter, cursor, page_size: pageSize } },
    // Keep the rows on screen while the next page loads, so the table does not flash empty.
    { placeholderData: keepPreviousData },
  );
}

export function useSubscriber(id: number | null) {
  return useApiQuery(audienceRoutes.subscriberDetail, { query: { id: String(id) } }, { enabled: id !== null });
}

export function useTags() {
  return useApiQuery(audienceRoutes.tagList);
}

export function useSegments() {
  return useApiQuery(audienceRoutes.segmentList);
}

/** Records refresh every two seconds while one of them is still running. */
const whileRunning = (rows: { status: string }[] | undefined) =>
  rows?.some((r) => r.status === 'in_progress') ? 2000 : false;

export function useImports() {
  return useApiQuery(audienceRoutes.importList, undefined, { refetchInterval: (q) => whileRunning(q.state.data) });
}

export function useExports() {
  return useApiQuery(audienceRoutes.exportList, undefined, { refetchInterval: (q) => whileRunning(q.state.data) });
}
