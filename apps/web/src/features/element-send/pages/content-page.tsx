import { emailDocSchema, type EmailDoc } from '@storecast/contract';
import { Alert, Button, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../../../shared/api/toast.ts';
import { issueText } from '../../../shared/forms/zod-rule.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { useCouponPresets } from '../../brand/index.ts';
import { EmailBlockEditor, ensureFooter } from '../../email-editor/index.ts';
import { ElementPreview } from '../components/element-preview.tsx';
import { ElementSteps } from '../components/element-steps.tsx';
import { defaultElementDoc, elementCouponId } from '../element-body.ts';
import { useElementStrategy } from '../use-element-strategy.ts';

/**
 * Step 3: the shared block editor over the draft's content, starting with the shopper's own
 * product block; the preview shows any of the six products in its place.
 */
export function ContentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const el = useElementStrategy();
  const presets = useCouponPresets({ refreshOnFocus: true });
  const [edited, setDoc] = useState<EmailDoc | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  const presetsSettled = !presets.isPending;
  const saved = useMemo(() => {
    if (el.loading || !el.detail || !presetsSettled) return null;
    if (el.detail.content) return ensureFooter(el.detail.content);
    return defaultElementDoc(
      { text: `${t('emailEditor.defaults.text')}${t('elementSend.content.defaultText')}` },
      presets.data?.[0],
    );
  }, [el.loading, el.detail, presetsSettled, presets.data, t]);
  const doc = edited ?? saved;

  if (!el.id) return <Alert type="warning" showIcon title={t('elementSend.noDraft')} data-testid="element-missing" />;
  if (el.missing) return <Alert type="error" showIcon title={t('elementSend.loadFailed')} data-testid="element-missing" />;
  if (!doc || !el.detail || !el.state) return <PageLoading />;

  const collect = () => {
    const check = emailDocSchema.safeParse(doc);
    if (!check.success) {
      const issue = check.error.issues[0]!;
      const index = issue.path[1];
      if (typeof index === 'number') setSelected(doc.blocks[index]?.id ?? null);
      toastError(issueText(issue));
      return null;
    }
    const couponId = presets.data ? elementCouponId(check.data, presets.data) : el.detail?.coupon_id ?? null;
    return { content: check.data, coupon_id: couponId };
  };

  const go = async (to: string, saidSaved = false) => {
    const patch = collect();
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
      <EmailBlockEditor
        doc={doc}
        onChange={setDoc}
        selected={selected}
        onSelect={setSelected}
        couponPresets={{ list: presets.data, loading: presets.isPending }}
        allowMatchedProduct
      />
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
