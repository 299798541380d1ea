import type { StrategyBody, StrategyDetail } from '@storecast/contract';
import { toElementBody } from './element-body.ts';
import { useSaveStrategy, useStrategyDetail } from '../segment-send/index.ts';
import { useMatchState } from './queries.ts';
import { useElementId } from './use-element-id.ts';

/**
 * The Element Send the content and confirm steps work on: the stored strategy, its matching,
 * and a save that sends the whole record with the step's changes.
 */
export function useElementStrategy() {
  const id = useElementId();
  const detail = useStrategyDetail(id);
  const state = useMatchState(id);
  const save = useSaveStrategy();

  const saveWith = (patch: Partial<StrategyBody>): Promise<StrategyDetail> => {
    if (!detail.data) return Promise.reject(new Error('not loaded'));
    return save.mutateAsync({ ...toElementBody(detail.data), send_mode: 'draft', ...patch });
  };

  return {
    id,
    detail: detail.data,
    state: state.data,
    loading: !!id && (detail.isPending || state.isPending),
    missing: !!id && (detail.isError || state.isError),
    saving: save.isPending,
    saveWith,
  };
}
