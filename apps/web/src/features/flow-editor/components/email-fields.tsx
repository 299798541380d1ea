import { EditOutlined, MessageOutlined } from '@ant-design/icons';
import type { EmailStep } from '@storecast/contract';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../shared/api/toast.ts';
import { addSmsAfterUnopened, hasSmsAfterUnopened, updateStep } from '../step-tree.ts';
import { useFieldIssue, useTimeline } from './timeline-context.ts';

export function EmailFields({ step }: { step: EmailStep }) {
  const { t } = useTranslation();
  const { steps, change, couponPresets, editContent, writer } = useTimeline();
  const titleProblem = useFieldIssue(step.key, 'title');
  const summaryProblem = useFieldIssue(step.key, 'summary');
  const contentProblem = useFieldIssue(step.key, 'content');
  const set = (patch: Partial<EmailStep>) => change(updateStep<EmailStep>(steps, step.key, patch));
  const blocks = step.content?.blocks.filter((b) => b.type !== 'footer').length ?? 0;
  // A preset the store has since deleted still shows, by its id, until another is chosen.
  const options = [
    { value: '', label: t('flowEditor.email.noCoupon') },
    ...(couponPresets ?? []).map((p) => ({ value: p.id, label: `${p.code} · ${p.discount}%` })),
    ...(step.coupon_id && couponPresets && !couponPresets.some((p) => p.id === step.coupon_id) ? [{ value: step.coupon_id, label: step.coupon_id }] : []),
  ];

  return (
    <>
      <Form.Item label={t('flowEditor.email.subject')} validateStatus={titleProblem ? 'error' : undefined} help={titleProblem} style={{ marginBottom: 12 }}>
        <Input value={step.title} onChange={(e) => set({ title: e.target.value })} data-testid="email-subject" />
      </Form.Item>
      <Form.Item
        label={t('flowEditor.email.summary')}
        validateStatus={summaryProblem ? 'error' : undefined}
        help={summaryProblem ?? t('flowEditor.email.summaryHint')}
        style={{ marginBottom: 16 }}
      >
        <Input value={step.summary} onChange={(e) => set({ summary: e.target.value })} data-testid="email-summary" />
      </Form.Item>
      <Form.Item label={t('flowEditor.email.coupon')} style={{ marginBottom: 12 }}>
        <Select
          value={step.coupon_id ?? ''}
          onChange={(v) => set({ coupon_id: v === '' ? null : v })}
          options={options}
          style={{ maxWidth: 320, width: '100%' }}
          data-testid="email-coupon"
        />
      </Form.Item>
      <Form.Item label={t('flowEditor.email.content')} validateStatus={contentProblem ? 'error' : undefined} help={contentProblem} style={{ marginBottom: 8 }}>
        <Flex gap={8} wrap align="center">
          <Typography.Text type={blocks ? undefined : 'secondary'} data-testid="email-blocks">
            {blocks ? t('flowEditor.email.blocks', { count: blocks }) : t('flowEditor.email.noContent')}
          </Typography.Text>
          <Button icon={<EditOutlined />} onClick={() => editContent(step.key)} data-testid="email-edit-content">
            {t('flowEditor.email.editContent')}
          </Button>
          {writer?.(step)}
        </Flex>
      </Form.Item>
      {!hasSmsAfterUnopened(steps, step.key) && (
        <Button
          type="link"
          icon={<MessageOutlined />}
          style={{ paddingInline: 0, whiteSpace: 'normal', height: 'auto', textAlign: 'start' }}
          onClick={() => {
            change(addSmsAfterUnopened(steps, step.key).steps);
            toastSuccess(t('flowEditor.smsAfterUnopened.added'));
          }}
          data-testid="email-add-sms-after-unopened"
        >
          {t('flowEditor.smsAfterUnopened.action')}
        </Button>
      )}
    </>
  );
}
