import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { SubscriberFilter, SubscriberRow } from '@storecast/contract';
import { Button, Flex, Select, Space, Table, Tag, Typography } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatInZone } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { LevelHelp, LevelTag } from './activity-level.tsx';
import { AddSubscriberModal } from './add-subscriber-modal.tsx';
import { BulkActions } from './bulk-actions.tsx';
import {
  canGoBack, currentCursor, initialPager, nextPage, pageNumber, PAGE_SIZES, previousPage, resetPager,
} from './cursor-pager.ts';
import { ExportModal } from './export-modal.tsx';
import { useSubscribers } from './queries.ts';
import { SubscriberDrawer } from './subscriber-drawer.tsx';
import { SubscriberFilters } from './subscriber-filters.tsx';
import { sourceLabel } from './source-label.ts';

const STATUS_COLORS: Record<SubscriberRow['status'], string> = { subscribed: 'green', unsubscribed: 'default', complaint: 'orange', error: 'red' };

/**
 * /email-list/list. Paging is by cursor (the server never counts past rows with OFFSET, so page
 * 1,000 is as fast as page 1); the pager remembers the cursors it has seen to go back.
 */
export function SubscriberListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useSessionUser();
  const [filter, setFilter] = useState<SubscriberFilter>({});
  const [pager, setPager] = useState(() => initialPager());
  const [selected, setSelected] = useState<number[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { data, isFetching } = useSubscribers(filter, currentCursor(pager), pager.pageSize);

  const changeFilter = (next: SubscriberFilter) => {
    setFilter(next);
    setPager((p) => resetPager(p));
    setSelected([]);
  };

  return (
    <>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary" data-testid="subscriber-total">
          {t('emailList.list.total', { count: data?.total ?? 0 })}
        </Typography.Text>
        <Space wrap>
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="subscriber-add">{t('emailList.add.title')}</Button>
          <Button icon={<UploadOutlined />} onClick={() => void navigate('/email-list/import-upload')} data-testid="subscriber-import">
            {t('emailList.import.action')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => setExporting(true)} data-testid="subscriber-export">{t('emailList.export.action')}</Button>
        </Space>
      </Flex>
      <SubscriberFilters value={filter} onChange={changeFilter} />
      <BulkActions selected={selected} filter={filter} total={data?.total ?? 0} onDone={() => setSelected([])} />
      <Table<SubscriberRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.items ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true }}
        onRow={(row) => ({
          onClick: () => setOpenId(row.id),
          style: { cursor: 'pointer' },
          'data-testid': 'subscriber-row',
        }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('emailList.fields.email'), dataIndex: 'email', render: (v: string | null) => <span data-testid="subscriber-email">{v ?? '-'}</span> },
          { title: t('emailList.fields.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '-' },
          { title: t('emailList.fields.name'), key: 'name', render: (_, r) => `${r.first_name} ${r.last_name}`.trim() || '-' },
          {
            title: t('emailList.fields.status'), dataIndex: 'status',
            render: (s: SubscriberRow['status']) => <Tag color={STATUS_COLORS[s]}>{t(`emailList.status.${s}`)}</Tag>,
          },
          {
            title: t('emailList.fields.sms'), dataIndex: 'sms_status',
            render: (v: SubscriberRow['sms_status']) => (v ? <Tag color={v === 'subscribed' ? 'green' : undefined}>{t(`emailList.sms.${v}`)}</Tag> : '-'),
          },
          { title: t('emailList.fields.source'), key: 'source', render: (_, r) => sourceLabel(t, r) },
          { title: <Space size={4}>{t('emailList.fields.level')}<LevelHelp /></Space>, dataIndex: 'activity_level', render: (l: SubscriberRow['activity_level']) => <LevelTag level={l} /> },
          { title: t('emailList.fields.tags'), dataIndex: 'tags', render: (tags: SubscriberRow['tags']) => tags.map((tag) => <Tag key={tag.id}>{tag.name}</Tag>) },
          { title: t('emailList.fields.subscribedAt'), dataIndex: 'subscribed_at', render: (v: string) => formatInZone(v, user?.timezone) },
        ]}
      />
      <Flex justify="flex-end" align="center" gap={8} style={{ marginTop: 16 }} data-testid="subscriber-pager">
        <Typography.Text type="secondary">{t('emailList.list.page', { page: pageNumber(pager) })}</Typography.Text>
        <Button disabled={!canGoBack(pager)} onClick={() => setPager(previousPage)} data-testid="pager-prev">{t('emailList.list.prev')}</Button>
        <Button disabled={!data?.next_cursor} onClick={() => setPager((p) => nextPage(p, data?.next_cursor))} data-testid="pager-next">
          {t('emailList.list.next')}
        </Button>
        <Select
          value={pager.pageSize}
          onChange={(size) => setPager((p) => resetPager(p, size))}
          options={PAGE_SIZES.map((n) => ({ value: n, label: t('emailList.list.pageSize', { count: n }) }))}
          data-testid="pager-size"
        />
      </Flex>
      <SubscriberDrawer id={openId} onClose={() => setOpenId(null)} />
      <AddSubscriberModal open={adding} onClose={() => setAdding(false)} />
      <ExportModal open={exporting} filter={filter} onClose={() => setExporting(false)} />
    </>
  );
}
