import type { CouponPreset } from '@storecast/contract';
import { Alert, Button, Flex, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../shared/api/toast.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { EmailBlockEditor } from '../../email-editor/index.ts';
import { useContentDraft } from '../../segment-send/index.ts';
import { ElementPreview } from '../components/element-preview.tsx';
import { ElementSteps } from '../components/element-steps.tsx';
import { defaultElementDoc } from '../element-body.ts';
import { useElementStrategy } from '../use-element-strategy.ts';

/**
 * Step 3: the shared block editor over the draft's content, starting with the shopper's own
 * product block; the preview shows any of the six products in its place.
 */
export function ContentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const el = useElementStrategy();
  const start = useCallback(
    (preset: CouponPreset | undefined) => defaultElementDoc({ text: `${t('emailEditor.defaults.text')}${t('elementSend.content.defaultText')}` }, preset),
    [t],
  );
  const draft = useContentDraft({ ready: !el.loading && !!el.detail, content: el.detail?.content, couponId: el.detail?.coupon_id, start });
  const { doc } = draft;

  if (!el.id) return <Alert type="warning" showIcon title={t('elementSend.noDraft')} data-testid="element-missing" />;
  if (el.missing) return <Alert type="error" showIcon title={t('elementSend.loadFailed')} data-testid="element-missing" />;
  if (!doc || !el.detail || !el.state) return <PageLoading />;

  const go = async (to: string, saidSaved = false) => {
    const patch = draft.collect();
    if (!patch) return;
    try {
      await el.saveWith(patch);
      if (saidSaved) toastSuccess(t('elementSend.draftSaved'));
      void navigate(to);
    } catch {
      // The shared client has shown the server's refusal.
    }
  };

  return (
    <>
      <ElementSteps step="content" name={el.detail.name} reached={3} />
      <Typography.Paragraph type="secondary">{t('elementSend.content.intro')}</Typography.Paragraph>
      <EmailBlockEditor doc={doc} {...draft.editor} allowMatchedProduct />
      <ElementPreview id={el.id} title={el.detail.title} summary={el.detail.summary} doc={doc} slots={el.state.slots} />
      <Flex justify="space-between" style={{ marginTop: 24 }}>
        <Button onClick={() => void go('/element/matching')} disabled={el.saving} data-testid="element-back">{t('elementSend.back')}</Button>
        <Flex gap={8}>
          <Button onClick={() => void go('/element', true)} loading={el.saving} data-testid="element-save-draft">{t('elementSend.saveDraft')}</Button>
          <Button type="primary" onClick={() => void go('/element/confirm')} loading={el.saving} data-testid="element-next">{t('elementSend.next')}</Button>
        </Flex>
      </Flex>
    </>
  );
}
