import {
  CAMPAIGN_STATUSES, CAMPAIGN_TYPES, type CampaignStatus, type CampaignType, type DataOf, type campaignRoutes,
} from '@storecast/contract';
import { App, Button, type ButtonProps, Flex, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../shared/api/toast.ts';
import { formatInZone, formatNumber } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { CampaignStatusTag } from './campaign-status-tag.tsx';
import { PAGE_SIZE, readUsage, useCampaignList, useCampaignMoves } from './queries.ts';
import { UsageList } from './usage-list.tsx';

type Row = DataOf<typeof campaignRoutes.list>['items'][number];
type Move = 'enable' | 'archive' | 'restore' | 'close' | 'delete';

/** The moves each state allows (SPEC 4; the server's table). Delete is open to every state, for the owner. */
const MOVES_OF: Record<CampaignStatus, Move[]> = {
  draft: ['enable', 'archive', 'close', 'delete'],
  enabled: ['archive', 'close', 'delete'],
  archived: ['restore', 'close', 'delete'],
  closed: ['delete'],
};
const DANGER: ReadonlySet<Move> = new Set(['close', 'delete']);

/** /custom's Campaigns tab: the store's campaigns a page at a time, filtered by state and type, with their moves. */
export function CampaignListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<CampaignStatus>();
  const [type, setType] = useState<CampaignType>();
  const list = useCampaignList({ page, status, type });
  const moves = useCampaignMoves();
  // Deleting is the owner's (the route is owner-only); a manager closes instead.
  const owner = useSessionUser().data?.manager_info.manager_role === 'owner';

  const run = async (move: Move, row: Row) => {
    const done = await moves[move].mutateAsync(row.id);
    const affected = 'affected' in done ? done.affected.length : 0;
    toastSuccess(affected > 0 ? `${t(`campaigns.done.${move}`)} ${t('campaigns.affected', { count: affected })}` : t(`campaigns.done.${move}`));
  };

  /** Enabling and restoring go at once; the others ask, and close and delete first say what they affect. */
  const ask = async (move: Move, row: Row) => {
    if (move === 'enable' || move === 'restore') return run(move, row).catch(() => {});
    const usage = move === 'archive' ? null : await readUsage(row.id).catch(() => undefined);
    if (usage === undefined) return;
    modal.confirm({
      title: t(`campaigns.confirm.${move}`, { name: row.name }),
      content: usage && <UsageList usage={usage} action={move as 'close' | 'delete'} />,
      okButtonProps: { danger: DANGER.has(move), 'data-testid': 'campaign-confirm-ok' } as ButtonProps,
      onOk: () => run(move, row),
    });
  };

  const period = (r: Row) => {
    if (!r.starts_at && !r.ends_at) return t('campaigns.noEnd');
    return `${r.starts_at ? formatInZone(r.starts_at, undefined) : t('campaigns.noEnd')} ~ ${r.ends_at ? formatInZone(r.ends_at, undefined) : t('campaigns.noEnd')}`;
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('campaigns.intro')}</Typography.Text>
      <Space wrap>
        <Select<CampaignStatus>
          allowClear
          style={{ width: 160 }}
          placeholder={t('campaigns.filters.status')}
          value={status}
          onChange={(v) => { setStatus(v); setPage(1); }}
          options={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`campaigns.status.${s}`) }))}
          data-testid="campaign-filter-status"
        />
        <Select<CampaignType>
          allowClear
          style={{ width: 160 }}
          placeholder={t('campaigns.filters.type')}
          value={type}
          onChange={(v) => { setType(v); setPage(1); }}
          options={CAMPAIGN_TYPES.map((s) => ({ value: s, label: t(`campaigns.types.${s}`) }))}
          data-testid="campaign-filter-type"
        />
      </Space>
      <Table<Row>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        onRow={(r) => ({ 'data-testid': 'campaign-row', 'data-id': r.id, 'data-status': r.status }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('campaigns.columns.name'), dataIndex: 'name', render: (v: string) => <span data-testid="campaign-row-name">{v}</span> },
          {
            title: t('campaigns.columns.type'), key: 'type',
            render: (_, r) => `${t(`campaigns.types.${r.type}`)} · ${t(`campaigns.forms.${r.form}`)}`,
          },
          { title: t('campaigns.columns.status'), dataIndex: 'status', render: (s: CampaignStatus) => <CampaignStatusTag status={s} /> },
          { title: t('campaigns.columns.period'), key: 'period', render: (_, r) => period(r) },
          { title: t('campaigns.columns.draws'), key: 'draws', render: (_, r) => (r.type === 'lucky_draw' ? formatNumber(r.draws, i18n.language) : '-') },
          { title: t('campaigns.columns.updated'), key: 'updated', render: (_, r) => formatInZone(r.updated_at, undefined) },
          {
            title: t('common.actions'), key: 'actions',
            render: (_, r) => (
              <Space wrap size={4}>
                {(r.status === 'draft' || r.status === 'enabled') && (
                  <Button size="small" onClick={() => void navigate(`/custom/strategy-edit?id=${r.id}`)} data-testid="campaign-edit">
                    {t('campaigns.actions.edit')}
                  </Button>
                )}
                {/* Every state has a report: a closed campaign's draws and orders still count, a draft's says it has not run. */}
                <Button size="small" onClick={() => void navigate(`/custom/strategy-report?id=${r.id}`)} data-testid="campaign-report-link">
                  {t('campaigns.actions.report')}
                </Button>
                {MOVES_OF[r.status].filter((m) => m !== 'delete' || owner).map((m) => (
                  <Button
                    key={m}
                    size="small"
                    danger={DANGER.has(m)}
                    loading={moves[m].isPending && moves[m].variables === r.id}
                    onClick={() => void ask(m, r)}
                    data-testid={`campaign-${m}`}
                  >
                    {t(`campaigns.actions.${m}`)}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );
}
