import { type EmailDoc, type ElementSlot, strategyRoutes } from '@storecast/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query.ts';
import { useDebounced } from '../../../shared/ui/use-debounced.ts';
import { EmailPreview, previewableDoc } from '../../email-editor/index.ts';

/**
 * The server's rendering with one of the six products standing in for the shopper's, so the
 * owner sees what each group of shoppers gets. Asked after a typing pause, quietly: a
 * half-edited block shows as the preview's own problem, not a toast.
 */
interface Props {
  id: string;
  title: string;
  summary: string;
  doc: EmailDoc;
  slots: readonly ElementSlot[];
}

export function ElementPreview({ id, title, summary, doc, slots }: Props) {
  const { t } = useTranslation();
  const [slot, setSlot] = useState(0);
  const content = previewableDoc(doc);
  const settled = useDebounced(JSON.stringify({ title, summary, content, slot }), 600);
  const body = JSON.parse(settled) as { title: string; summary: string; content: EmailDoc | null; slot: number };
  const input = { body: { title: body.title, summary: body.summary, content: body.content!, strategy_id: id, slot: body.slot }, quiet: true };
  const preview = useApiQuery(strategyRoutes.preview, input, {
    enabled: !!body.content,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
  return (
    <div style={{ marginTop: 16 }}>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
        <Typography.Text>{t('elementSend.content.previewAs')}</Typography.Text>
        <Select
          value={slot}
          onChange={setSlot}
          style={{ minWidth: 220, maxWidth: '100%' }}
          data-testid="element-preview-slot"
          options={slots.map((s) => ({
            value: s.slot,
            label: `${t('elementSend.products.slot', { num: s.slot + 1 })} ${s.product?.title ?? ''}`,
          }))}
        />
      </Flex>
      <EmailPreview doc={doc} preview={preview} />
    </div>
  );
}
