import { LIMITS } from '@storecast/contract';
import { useMediaQuery } from './use-media-query.ts';

/** Narrower than 992 px counts as mobile (SPEC section 9): the menu folds into a drawer. */
const QUERY = `(max-width: ${LIMITS.mobileBreakpointPx - 0.02}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(QUERY);
}
