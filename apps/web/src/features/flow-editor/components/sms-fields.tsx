import { FLOW_LIMITS, type SmsStep } from '@storecast/contract';
import { Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateStep } from '../step-tree.ts';
import { SmsCounter } from './sms-counter.tsx';
import { useFieldIssue, useTimeline } from './timeline-context.ts';

export function SmsFields({ step }: { step: SmsStep }) {
  const { t } = useTranslation();
  const { steps, change, quietHours, writer } = useTimeline();
  const problem = useFieldIssue(step.key, 'text');
  return (
    <>
      <Form.Item label={t('flowEditor.sms.text')} validateStatus={problem ? 'error' : undefined} help={problem} style={{ marginBottom: 8 }}>
        <Input.TextArea
          value={step.text}
          onChange={(e) => change(updateStep<SmsStep>(steps, step.key, { text: e.target.value }))}
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={t('flowEditor.sms.placeholder')}
          // A little room over the limit, so a paste that is too long shows the contract's message rather than vanishing.
          maxLength={FLOW_LIMITS.smsText + 100}
          data-testid="sms-text"
        />
      </Form.Item>
      <Flex vertical gap={2}>
        <Flex justify="space-between" wrap gap={8} align="center">
          <SmsCounter text={step.text} />
          {writer?.(step)}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('flowEditor.sms.links')}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('flowEditor.sms.stop')}</Typography.Text>
        {quietHours && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="sms-quiet-hours">
            {t('flowEditor.sms.quietHours', { start: pad(quietHours.start), end: pad(quietHours.end) })}
          </Typography.Text>
        )}
      </Flex>
    </>
  );
}

const pad = (hour: number) => String(hour).padStart(2, '0');
