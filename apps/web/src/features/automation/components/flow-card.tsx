import { BarChartOutlined, EditOutlined } from '@ant-design/icons';
import { formatMoney, type FlowSummary } from '@storecast/contract';
import { Card, Col, Flex, Row, Statistic, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { flowText } from '../flow-text.ts';
import { AiNote } from './ai-note.tsx';

export interface FlowCardProps {
  flow: FlowSummary;
  currency: string;
  pending: boolean;
  onSwitch: (enabled: boolean) => void;
}

/** One flow on /automation: what starts it, what it sends, its last 30 days, its switch and links. */
export function FlowCard({ flow, currency, pending, onSwitch }: FlowCardProps) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const name = flowText(t, flow.kind, 'name');
  const d = flow.last_30_days;
  const stat = (key: 'entered' | 'sent' | 'orders' | 'revenue' | 'activeRuns', value: string) => (
    <Col xs={12} sm={8} md={12} xl={8} key={key}>
      <Statistic title={t(`automation.card.${key}`)} value={value} styles={{ content: { fontSize: 18 } }}
        valueRender={() => <span data-testid={`flow-${key}`}>{value}</span>} />
    </Col>
  );
  return (
    <Card
      data-testid="flow-card"
      data-flow-kind={flow.kind}
      data-flow-id={flow.id}
      style={{ height: '100%' }}
      title={<Typography.Text strong ellipsis style={{ whiteSpace: 'normal' }}>{name}</Typography.Text>}
      extra={(
        <Flex align="center" gap={8}>
          <Tag color={flow.enabled ? 'green' : 'default'} data-testid="flow-state" style={{ marginInlineEnd: 0 }}>
            {t(flow.enabled ? 'automation.card.enabled' : 'automation.card.disabled')}
          </Tag>
          <Switch checked={flow.enabled} loading={pending} onChange={onSwitch}
            aria-label={t('automation.card.switchLabel', { name })} data-testid="flow-switch" />
        </Flex>
      )}
      actions={[
        <Link key="edit" to={`/automation/strategy-edit?id=${flow.id}`} data-testid="flow-edit"><EditOutlined /> {t('automation.card.edit')}</Link>,
        <Link key="report" to={`/automation/strategy-report?id=${flow.id}`} data-testid="flow-report"><BarChartOutlined /> {t('automation.card.report')}</Link>,
      ]}
    >
      <Flex vertical gap={8}>
        <Typography.Text><Typography.Text type="secondary">{t('automation.card.trigger')}: </Typography.Text>{flowText(t, flow.kind, 'trigger')}</Typography.Text>
        <Typography.Text><Typography.Text type="secondary">{t('automation.card.sends')}: </Typography.Text>{flowText(t, flow.kind, 'sends')}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('automation.card.last30')}</Typography.Text>
        <Row gutter={[8, 8]}>
          {stat('entered', n(d.entered))}
          {stat('sent', n(d.sent))}
          {stat('orders', n(d.orders))}
          {stat('revenue', formatMoney(d.revenue, currency))}
          {stat('activeRuns', n(flow.active_runs))}
        </Row>
        {flow.ai_note && <AiNote note={flow.ai_note} />}
      </Flex>
    </Card>
  );
}
