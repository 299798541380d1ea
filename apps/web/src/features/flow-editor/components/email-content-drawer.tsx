import type { EmailDoc, EmailStep } from '@storecast/contract';
import { Button, Drawer, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailBlockEditor, EmailPreview, ensureFooter, matchingPreset, previewableDoc, type CouponPresetList } from '../../email-editor/index.ts';
import { useEmailPreview } from '../../email-editor/index.ts';

interface Props {
  step: EmailStep;
  couponPresets: CouponPresetList;
  onChange: (patch: Pick<EmailStep, 'content' | 'coupon_id'>) => void;
  onClose: () => void;
}

/**
 * One e-mail step's content in the product's block editor, with the server's rendering below,
 * in a drawer the height and (on a phone) width of the screen. Edits go straight into the draft.
 */
export function EmailContentDrawer({ step, couponPresets, onChange, onClose }: Props) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  const doc = ensureFooter(step.content);
  const change = (next: EmailDoc) => {
    // A coupon block filled from a preset makes that preset the step's coupon, as in Segment Send.
    const block = next.blocks.find((b) => b.type === 'coupon');
    const preset = block?.type === 'coupon' && couponPresets.list ? matchingPreset(couponPresets.list, block) : undefined;
    onChange({ content: next, coupon_id: preset ? preset.id : step.coupon_id });
  };
  return (
    <Drawer
      open
      onClose={onClose}
      placement="right"
      size="min(1200px, 100vw)"
      title={t('flowEditor.email.drawerTitle', { subject: step.title || t('flowEditor.email.untitled') })}
      extra={<Button type="primary" onClick={onClose} data-testid="email-content-done">{t('flowEditor.email.done')}</Button>}
      destroyOnHidden
      data-testid="email-content-drawer"
    >
      <Flex vertical gap={16}>
        <EmailBlockEditor doc={doc} onChange={change} selected={selected} onSelect={setSelected} couponPresets={couponPresets} />
        <StepPreview title={step.title} summary={step.summary} doc={doc} />
      </Flex>
    </Drawer>
  );
}

function StepPreview({ title, summary, doc }: { title: string; summary: string; doc: EmailDoc }) {
  const preview = useEmailPreview(title, summary, previewableDoc(doc));
  return <EmailPreview doc={doc} preview={preview} />;
}
