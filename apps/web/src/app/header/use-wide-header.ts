import { useSyncExternalStore } from 'react';

/**
 * Wide enough for the send quota and the membership in the bar next to all six menu entries,
 * in English too (the longer language). Narrower, they move into the avatar menu, so the menu
 * entries never fold behind "..." from 1280 px up.
 */
const QUERY = '(min-width: 1680px)';

function subscribe(fn: () => void): () => void {
  const mql = window.matchMedia(QUERY);
  mql.addEventListener('change', fn);
  return () => mql.removeEventListener('change', fn);
}

export function useWideHeader(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
}
