import { type SegmentCondition, audienceRoutes } from '@storecast/contract';
import { useMemo } from 'react';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { useDebounced } from '../../shared/ui/use-debounced.ts';
import { ruleValid } from './condition-model.ts';

/**
 * How many subscribers the conditions being edited match. It asks only once the edits have
 * settled (500 ms) and only for a rule the server would accept, so half-typed rows never
 * reach it and never raise an error toast.
 */
export function useLiveCount(match: 'all' | 'any', conditions: SegmentCondition[]) {
  // Debounce the rule as text: a fresh object every render would never count as settled.
  const settled = useDebounced(JSON.stringify({ match, conditions }), 500);
  const rule = useMemo(() => JSON.parse(settled) as { match: 'all' | 'any'; conditions: SegmentCondition[] }, [settled]);
  const valid = ruleValid(rule.match, rule.conditions);
  const query = useApiQuery(audienceRoutes.segmentCount, { body: rule, quiet: true }, { enabled: valid, staleTime: 10_000 });
  return { valid, count: valid ? query.data?.count : undefined, loading: valid && query.isFetching };
}
