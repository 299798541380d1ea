import { Card, Form, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { WriteForMe } from '../../ai-writer/index.ts';
import { SendFields, type SendFieldValues } from '../components/send-fields.tsx';
import { WizardFrame } from '../components/wizard-frame.tsx';
import { useAudienceCount, useSegmentOptions } from '../queries.ts';
import { useWizard } from '../use-wizard.ts';

interface SettingValues extends SendFieldValues {
  segment_ids: string[];
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

  return (
    <WizardFrame step="setting" wizard={wizard} collect={collect}>
      <Card>
        <Form<SettingValues>
          form={form}
          layout="vertical"
          initialValues={{ name: '', segment_ids: [], title: '', summary: '', utm: { source: 'storecast', medium: 'email', campaign: '' } }}
        >
          <SendFields
            strings="segmentSend.setting"
            testIdPrefix="send"
            afterName={(
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
            )}
            subjectExtra={(
              <WriteForMe
                purpose="campaign"
                channel="email"
                couponId={wizard.detail?.coupon_id}
                onWritten={(copy) => form.setFieldsValue({ title: copy.subject, summary: copy.preview })}
                testId="send-write-for-me"
              />
            )}
          />
        </Form>
      </Card>
    </WizardFrame>
  );
}
