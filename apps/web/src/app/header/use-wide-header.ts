import { useMediaQuery } from '../../shared/ui/use-media-query.ts';

/**
 * Wide enough for the send quota and the membership in the bar next to all six menu entries,
 * in English too (the longer language). Narrower, they move into the avatar menu, so the menu
 * entries never fold behind "..." from 1280 px up.
 */
export function useWideHeader(): boolean {
  return useMediaQuery('(min-width: 1680px)');
}
