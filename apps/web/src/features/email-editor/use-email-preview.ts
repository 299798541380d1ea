import { type EmailDoc, strategyRoutes } from '@storecast/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { useDebounced } from '../../shared/ui/use-debounced.ts';

/**
 * The server's rendering of an e-mail being edited (the store's style, sample personalisation),
 * asked 600 ms after the last edit: the same renderer for every feature that sends. Quiet: a
 * half-edited block is expected while typing, so the caller shows problems inline, not as toasts.
 */
export function useEmailPreview(title: string, summary: string, content: EmailDoc | null) {
  const settled = useDebounced(JSON.stringify({ title, summary, content }), 600);
  const body = JSON.parse(settled) as { title: string; summary: string; content: EmailDoc | null };
  return useApiQuery(strategyRoutes.preview, { body: { ...body, content: body.content! }, quiet: true }, {
    enabled: !!body.content,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
