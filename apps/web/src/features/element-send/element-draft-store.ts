import { useSyncExternalStore } from 'react';
import { type ElementDraft, parseDraft, serializeDraft } from './element-slots.ts';

/**
 * The element strategy data lives in sessionStorage for the browser session (SPEC section 3):
 * a reload or the back button keeps the chosen products and the draft; a new tab starts fresh.
 */
export const DRAFT_KEY = 'storecast.elementSend';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: ElementDraft = parseDraft(null);

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked by the browser: the draft then lives only as long as the page.
    return null;
  }
}

let memory: string | null = null;

export function readDraft(): ElementDraft {
  const raw = storage()?.getItem(DRAFT_KEY) ?? memory;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseDraft(raw);
  }
  return cached;
}

export function writeDraft(next: ElementDraft): void {
  const raw = serializeDraft(next);
  memory = raw;
  storage()?.setItem(DRAFT_KEY, raw);
  for (const l of listeners) l();
}

export function clearDraft(): void {
  memory = null;
  storage()?.removeItem(DRAFT_KEY);
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored draft, re-rendering when any page of this tab changes it. */
export function useElementDraft(): ElementDraft {
  return useSyncExternalStore(subscribe, readDraft, readDraft);
}
