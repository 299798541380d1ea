import { LIMITS } from '@storecast/contract';
import { useSyncExternalStore } from 'react';

/** Narrower than 992 px counts as mobile (SPEC section 9): the menu folds into a drawer. */
const QUERY = `(max-width: ${LIMITS.mobileBreakpointPx - 0.02}px)`;

function subscribe(fn: () => void): () => void {
  const mql = window.matchMedia(QUERY);
  mql.addEventListener('change', fn);
  return () => mql.removeEventListener('change', fn);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
}
