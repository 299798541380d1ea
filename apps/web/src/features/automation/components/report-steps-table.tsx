import { formatMoney } from '@storecast/contract';
import { Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { skipsOf, stepName, type ReportStep } from '../report-model.ts';

const TYPE_COLOURS = { wait: 'default', email: 'blue', sms: 'cyan', split: 'purple' } as const;

/** Each step of the live version with its numbers and why runs skipped or delayed it. */
export function ReportStepsTable({ steps, currency }: { steps: ReportStep[]; currency: string }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const num = (key: 'entered' | 'sent' | 'delivered' | 'opened' | 'clicked' | 'sms_sent' | 'sms_clicked' | 'orders', title: string) => ({
    title, key, align: 'right' as const,
    render: (_: unknown, s: ReportStep) => <span data-testid={`step-${key}`}>{n(s[key])}</span>,
  });
  return (
    <Table<ReportStep>
      rowKey="key"
      dataSource={steps}
      pagination={false}
      size="small"
      scroll={{ x: 'max-content' }}
      onRow={(s) => ({ 'data-testid': 'report-step', 'data-step-key': s.key, 'data-step-type': s.type }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        {
          title: t('automation.report.step'), key: 'step',
          render: (_, s) => (
            <Flex align="center" gap={6} style={{ paddingInlineStart: s.depth * 20, maxWidth: 360 }}>
              <Tag color={TYPE_COLOURS[s.type]} style={{ marginInlineEnd: 0 }} data-testid="report-step-name">{stepName(s, t)}</Tag>
            </Flex>
          ),
        },
        num('entered', t('automation.report.entered')),
        num('sent', t('automation.report.sent')),
        num('delivered', t('automation.report.delivered')),
        num('opened', t('automation.report.opened')),
        num('clicked', t('automation.report.clicked')),
        num('sms_sent', t('automation.report.smsSent')),
        num('sms_clicked', t('automation.report.smsClicked')),
        num('orders', t('automation.report.orders')),
        { title: t('automation.report.revenue'), key: 'revenue', align: 'right', render: (_, s) => formatMoney(s.revenue, currency) },
        {
          title: t('automation.report.skipped'), key: 'skipped',
          render: (_, s) => {
            const skips = skipsOf(s);
            if (skips.length === 0) return <Typography.Text type="secondary">{t('automation.report.noSkips')}</Typography.Text>;
            return (
              <Flex vertical gap={2} data-testid="step-skips">
                {skips.map((k) => (
                  <Typography.Text key={k.reason} data-reason={k.reason}>{t(`automation.report.reasons.${k.reason}`)}: {n(k.count)}</Typography.Text>
                ))}
              </Flex>
            );
          },
        },
      ]}
    />
  );
}
