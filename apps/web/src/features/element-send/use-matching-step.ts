import { useElementDraft } from './element-draft-store.ts';
import { useStrategyDetail } from '../segment-send/index.ts';
import { useMatchState } from './queries.ts';
import { useElementId } from './use-element-id.ts';

/** What the products and matching steps read: the send's id, the session's six products, the matching and the send's name. */
export function useMatchingStep() {
  const id = useElementId();
  const draft = useElementDraft();
  const state = useMatchState(id);
  const name = useStrategyDetail(id).data?.name;
  return { id, draft, state, name };
}
