import { Alert, Button, Card, Descriptions, Flex, Form } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { toastError, toastSuccess } from '../../../shared/api/toast.ts';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { SendFields, type SendFieldValues, SendModeSection, SendWarnings, SmartSendingCheck, useSendMode, useSendWarnings, useShopInfo } from '../../segment-send/index.ts';
import { ElementSteps } from '../components/element-steps.tsx';
import { clearDraft } from '../element-draft-store.ts';
import { useElementStrategy } from '../use-element-strategy.ts';

/**
 * Step 4: name, subject, preview text and UTM; who gets it (the matched shoppers), smart
 * sending, and send now, later (store time zone, an hour ahead) or keep as a draft.
 */
export function ConfirmPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const el = useElementStrategy();
  const d = el.detail;
  const [form] = Form.useForm<SendFieldValues>();
  const send = useSendMode(useShopInfo().data?.timezone ?? 'UTC');
  const warnings = useSendWarnings(el.id).data?.warnings ?? [];
  const [smart, setSmart] = useState<boolean | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (d) form.setFieldsValue({ name: d.name, title: d.title, summary: d.summary, utm: d.utm });
  }, [d, form]);

  if (!el.id) return <Alert type="warning" showIcon title={t('elementSend.noDraft')} data-testid="element-missing" />;
  if (el.missing) return <Alert type="error" showIcon title={t('elementSend.loadFailed')} data-testid="element-missing" />;
  if (!d || !el.state) return <PageLoading />;

  const smartSending = smart ?? d.smart_sending;
  const coupon = d.content?.blocks.find((b) => b.type === 'coupon');

  const submit = async () => {
    send.setTried(true);
    let values: SendFieldValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (send.problem) {
      toastError(t(send.problem));
      return;
    }
    setRefusal(null);
    try {
      await el.saveWith({ ...values, send_mode: send.mode, smart_sending: smartSending, send_at: send.sendAt });
      toastSuccess(t(send.doneKey('elementSend.draftSaved')));
      // Sent or scheduled, this Element Send is done with: the next one starts from empty slots.
      if (send.mode !== 'draft') clearDraft();
      void navigate('/element');
    } catch (e) {
      // The shared client has shown it as a toast; it stays on the page until the next try.
      if (isApiError(e)) setRefusal(e.message);
    }
  };

  return (
    <>
      <ElementSteps step="confirm" name={d.name} reached={3} />
      <SendWarnings warnings={warnings} />
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="element-refusal" />}
      <Card title={t('elementSend.confirm.heading')} style={{ marginBottom: 16 }}>
        <Form<SendFieldValues> form={form} layout="vertical">
          <SendFields strings="elementSend.confirm" testIdPrefix="element" />
        </Form>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('elementSend.confirm.products')}>
            {el.state.slots.map((s) => s.product?.title ?? '-').join(' · ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('elementSend.confirm.recipients')}>
            <span data-testid="element-recipients" data-count={el.state.matched_total}>{formatNumber(el.state.matched_total, i18n.language)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('emailEditor.block.coupon')}>
            {coupon?.type === 'coupon' ? `${coupon.code} (${coupon.discount}%)` : '-'}
          </Descriptions.Item>
        </Descriptions>
        <SmartSendingCheck checked={smartSending} onChange={setSmart} help="elementSend.confirm.smartSendingHelp" />
      </Card>
      <SendModeSection send={send} />
      <Flex justify="space-between" style={{ marginTop: 24 }}>
        <Button onClick={() => void navigate('/element/content')} data-testid="element-back">{t('elementSend.back')}</Button>
        <Button type="primary" loading={el.saving} onClick={() => void submit()} data-testid="send-confirm">{t('segmentSend.confirm.submit')}</Button>
      </Flex>
    </>
  );
}
