import { useMediaQuery } from '../../shared/ui/use-media-query.ts';

/** Phone widths (antd's xs): cards and tables get compact, descriptions stack their labels. */
export function useNarrow(): boolean {
  return useMediaQuery('(max-width: 575.98px)');
}
