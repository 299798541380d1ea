import { strategyBody } from '@storecast/contract';
import { Card, Col, Form, Input, Row, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { WriteForMe } from '../../ai-writer/index.ts';
import { InputWithFields } from '../../email-editor/index.ts';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { useAudienceCount, useSegmentOptions } from '../queries.ts';
import { useWizard } from '../use-wizard.ts';

interface SettingValues {
  name: string;
  segment_ids: string[];
  title: string;
  summary: string;
  utm: { source: string; medium: string; campaign: string };
}

/** Step 1: name, audience (with its live count), subject, preheader and UTM parameters. */
export function SettingPage() {
  const { t, i18n } = useTranslation();
  const wizard = useWizard();
  const [form] = Form.useForm<SettingValues>();
  const segments = useSegmentOptions();
  const chosen = Form.useWatch('segment_ids', form) ?? [];
  const audience = useAudienceCount(chosen);

  useEffect(() => {
    const d = wizard.detail;
    if (d) form.setFieldsValue({ name: d.name, segment_ids: d.segment_ids, title: d.title, summary: d.summary, utm: d.utm });
  }, [wizard.detail, form]);

  const collect = async () => {
    try {
      return await form.validateFields();
    } catch {
      return null;
    }
  };

  const shape = strategyBody.shape;
  return (
    <WizardFrame step="setting" wizard={wizard} collect={collect}>
      <Card>
        <Form<SettingValues>
          form={form}
          layout="vertical"
          initialValues={{ name: '', segment_ids: [], title: '', summary: '', utm: { source: 'storecast', medium: 'email', campaign: '' } }}
        >
          <Form.Item name="name" label={t('segmentSend.setting.name')} required rules={[zodRule(shape.name)]}>
            <Input maxLength={60} data-testid="send-name" />
          </Form.Item>
          <Form.Item
            name="segment_ids"
            label={t('segmentSend.setting.segments')}
            extra={(
              <span data-testid="send-audience-count" data-count={chosen.length ? audience.data?.count ?? '' : ''}>
                {chosen.length && audience.data
                  ? t('segmentSend.setting.audience', { n: formatNumber(audience.data.count, i18n.language) })
                  : t('segmentSend.setting.audienceHint')}
              </span>
            )}
          >
            <Select
              mode="multiple"
              loading={segments.isPending}
              placeholder={t('segmentSend.setting.segmentsPlaceholder')}
              optionFilterProp="label"
              options={(segments.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              data-testid="send-segments"
            />
          </Form.Item>
          <Form.Item
            name="title"
            label={t('segmentSend.setting.subject')}
            rules={[zodRule(shape.title)]}
            extra={(
              <WriteForMe
                purpose="campaign"
                channel="email"
                couponId={wizard.detail?.coupon_id}
                onWritten={(copy) => form.setFieldsValue({ title: copy.subject, summary: copy.preview })}
                testId="send-write-for-me"
              />
            )}
          >
            <InputWithFields maxLength={150} testId="send-subject" />
          </Form.Item>
          <Form.Item name="summary" label={t('segmentSend.setting.summary')} extra={t('segmentSend.setting.summaryHint')}>
            <Input maxLength={200} data-testid="send-summary" />
          </Form.Item>
          <Typography.Text strong>{t('segmentSend.setting.utm')}</Typography.Text>
          <Row gutter={16} style={{ marginTop: 8 }}>
            {(['source', 'medium', 'campaign'] as const).map((k) => (
              <Col xs={24} md={8} key={k}>
                <Form.Item name={['utm', k]} label={t(`segmentSend.setting.utm${capitalize(k)}`)}>
                  <Input maxLength={100} data-testid={`send-utm-${k}`} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Form>
      </Card>
    </WizardFrame>
  );
}

/** 'source' -> 'Source', typed so the label key built from it is checked. */
function capitalize<S extends string>(s: S): Capitalize<S> {
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}` as Capitalize<S>;
}
