import { api } from '@storecast/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { useToken } from '../../shared/api/token-store.ts';

/** Same keys as the e-mail list's, so a saved segment or tag refreshes both screens. */
export const segmentKeys = { segments: ['segment-list'] as const, tags: ['tag-list'] as const };

export function useSegmentList() {
  const token = useToken();
  return useQuery({ queryKey: [...segmentKeys.segments, token], queryFn: () => call(api.audience.segmentList) });
}

export function useTagOptions() {
  const token = useToken();
  return useQuery({ queryKey: [...segmentKeys.tags, token], queryFn: () => call(api.audience.tagList) });
}
