import { automationSettingsSchema, type AutomationSettings } from '@storecast/contract';
import { Alert, Button, Col, Drawer, Form, InputNumber, Row, Select, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule.ts';

const LEVELS = ['S', 'A', 'B', 'C'] as const;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const shape = automationSettingsSchema.shape;
const caps = shape.weekly_caps.unwrap().shape;

export interface SettingsDrawerProps {
  open: boolean;
  settings: AutomationSettings;
  saving: boolean;
  onClose: () => void;
  onSave: (settings: AutomationSettings) => void;
}

/**
 * The courtesy rules every flow keeps: the smart sending window, weekly caps per activity level
 * with SPEC's recommendation, and SMS quiet hours. AI management is switched on the page itself.
 */
export function SettingsDrawer({ open, settings, saving, onClose, onSave }: SettingsDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AutomationSettings>();
  useEffect(() => {
    if (open) form.setFieldsValue(settings);
  }, [open, settings, form]);
  const hourOptions = HOURS.map((hour) => ({ value: hour, label: t('automation.settings.hour', { hour }) }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('automation.settings.title')}
      size={560}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
      data-testid="automation-settings"
      footer={(
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} data-testid="automation-settings-save"
            // A refusal shows under its field; nothing to do here.
            onClick={() => void form.validateFields().then((v) => onSave({ ...settings, ...v }), () => {})}>
            {t('automation.settings.save')}
          </Button>
        </Space>
      )}
    >
      <Typography.Paragraph type="secondary">{t('automation.settings.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={settings}>
        <Form.Item name="smart_sending_hours" label={t('automation.settings.smartSending')}
          extra={t('automation.settings.smartSendingHelp')} rules={[zodRule(shape.smart_sending_hours.unwrap())]}>
          <InputNumber min={0} max={168} precision={0} style={{ width: 160 }} data-testid="settings-smart-hours" />
        </Form.Item>
        <Typography.Title level={5}>{t('automation.settings.caps')}</Typography.Title>
        <Alert type="info" showIcon title={t('automation.settings.capsHelp')} style={{ marginBottom: 12 }} data-testid="settings-caps-help" />
        <Row gutter={12}>
          {LEVELS.map((level) => (
            <Col xs={12} sm={6} key={level}>
              <Form.Item name={['weekly_caps', level]} label={t(`automation.settings.levels.${level}`)} rules={[zodRule(caps[level])]}>
                <InputNumber min={level === 'C' ? 0 : 1} max={21} precision={0} suffix={t('automation.settings.perWeek')}
                  style={{ width: '100%' }} data-testid={`settings-cap-${level}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Typography.Title level={5}>{t('automation.settings.quietHours')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('automation.settings.quietHelp')}</Typography.Paragraph>
        <Row gutter={12}>
          <Col xs={12} sm={8}>
            <Form.Item name={['sms_quiet_hours', 'start']} label={t('automation.settings.quietStart')}>
              <Select options={hourOptions} data-testid="settings-quiet-start" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name={['sms_quiet_hours', 'end']} label={t('automation.settings.quietEnd')}>
              <Select options={hourOptions} data-testid="settings-quiet-end" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
