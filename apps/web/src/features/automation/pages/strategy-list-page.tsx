import { ArrowLeftOutlined } from '@ant-design/icons';
import { formatMoney, type FlowSummary } from '@storecast/contract';
import { Alert, Button, Flex, Space, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { SenderRefusalAlert } from '../components/sender-refusal-alert.tsx';
import { flowText } from '../flow-text.ts';
import { useFlows, useShopInfo } from '../queries.ts';
import { useFlowSwitch } from '../use-flow-switch.ts';

/** /automation/strategy-list: every flow with its state, version, last 30 days and actions. */
export function StrategyListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const flows = useFlows();
  const currency = useShopInfo().data?.currency ?? 'USD';
  const flowSwitch = useFlowSwitch();
  const n = (v: number) => formatNumber(v, i18n.language);

  if (flows.isError) return <Alert type="error" showIcon title={t('automation.loadFailed')} />;
  return (
    <Flex vertical gap={16} data-testid="automation-list">
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => void navigate('/automation')} style={{ paddingLeft: 0, alignSelf: 'flex-start' }}>
        {t('automation.list.back')}
      </Button>
      <Typography.Title level={3} style={{ margin: 0 }}>{t('automation.list.title')}</Typography.Title>
      {flowSwitch.senderRefused && <SenderRefusalAlert onClose={() => flowSwitch.setSenderRefused(false)} />}
      <Table<FlowSummary>
        rowKey="id"
        loading={flows.isPending}
        dataSource={flows.data?.flows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': 'flow-row', 'data-flow-kind': r.kind, 'data-flow-id': r.id }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('automation.list.name'), key: 'name', render: (_, r) => <Typography.Text strong>{flowText(t, r.kind, 'name')}</Typography.Text> },
          {
            title: t('automation.list.state'), key: 'state',
            render: (_, r) => (
              <Space size={4} wrap>
                <Switch checked={r.enabled} loading={flowSwitch.pendingId === r.id} onChange={(on) => flowSwitch.toggle(r.id, on)}
                  aria-label={t('automation.card.switchLabel', { name: flowText(t, r.kind, 'name') })} data-testid="flow-row-switch" />
                <Tag color={r.enabled ? 'green' : 'default'} data-testid="flow-row-state">{t(r.enabled ? 'automation.card.enabled' : 'automation.card.disabled')}</Tag>
              </Space>
            ),
          },
          {
            title: t('automation.list.version'), key: 'version',
            render: (_, r) => (
              <Space size={4} wrap>
                <span data-testid="flow-row-version">{r.version > 0 ? t('automation.list.versionN', { version: r.version }) : t('automation.list.noVersion')}</span>
                {r.unpublished && r.version > 0 && <Tag color="orange" data-testid="flow-row-unpublished">{t('automation.list.unpublished')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('automation.card.last30'), key: 'last30',
            children: [
              { title: t('automation.card.entered'), key: 'entered', align: 'right', render: (_, r) => n(r.last_30_days.entered) },
              { title: t('automation.card.sent'), key: 'sent', align: 'right', render: (_, r) => <span data-testid="flow-row-sent">{n(r.last_30_days.sent)}</span> },
              { title: t('automation.card.orders'), key: 'orders', align: 'right', render: (_, r) => n(r.last_30_days.orders) },
              { title: t('automation.card.revenue'), key: 'revenue', align: 'right', render: (_, r) => formatMoney(r.last_30_days.revenue, currency) },
            ],
          },
          { title: t('automation.list.activeRuns'), key: 'active', align: 'right', render: (_, r) => n(r.active_runs) },
          {
            title: t('automation.list.actions'), key: 'actions',
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => void navigate(`/automation/strategy-edit?id=${r.id}`)} data-testid="flow-row-edit">{t('automation.card.edit')}</Button>
                <Button size="small" onClick={() => void navigate(`/automation/strategy-report?id=${r.id}`)} data-testid="flow-row-report">{t('automation.card.report')}</Button>
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );
}
