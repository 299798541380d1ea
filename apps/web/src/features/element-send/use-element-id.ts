import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useElementDraft, writeDraft } from './element-draft-store.ts';
import { emptySlots } from './element-slots.ts';

/**
 * The Element Send the wizard works on: `?id=` when a page was opened for one (the list's
 * Edit), else the one this browser session is building. An id from the URL becomes the
 * session's, so the next steps and a reload keep it.
 */
export function useElementId(): string | null {
  const [params] = useSearchParams();
  const fromUrl = params.get('id');
  const draft = useElementDraft();
  useEffect(() => {
    if (fromUrl && fromUrl !== draft.id) writeDraft({ id: fromUrl, slots: emptySlots() });
  }, [fromUrl, draft.id]);
  return fromUrl ?? draft.id;
}
