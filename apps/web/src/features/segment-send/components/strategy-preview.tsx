import type { EmailDoc } from '@storecast/contract';
import { EmailPreview, previewableDoc } from '../../email-editor/index.ts';
import { useEmailPreview } from '../../email-editor/index.ts';

/**
 * The editor's preview, rendered through the strategy's preview route. It mounts with the
 * document, so the first rendering is asked at once rather than after the typing pause.
 */
export function StrategyPreview({ title, summary, doc }: { title: string; summary: string; doc: EmailDoc }) {
  const preview = useEmailPreview(title, summary, previewableDoc(doc));
  return <EmailPreview doc={doc} preview={preview} />;
}
