import { PlusOutlined } from '@ant-design/icons';
import type { StrategyListItem } from '@storecast/contract';
import { App, Button, Flex, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../shared/api/toast.ts';
import { formatInZone, formatNumber } from '../../../shared/format/format-date.ts';
import { useShopInfo, useStrategyAction, useStrategyList } from '../queries.ts';
import { StatusTag } from './status-tag.tsx';

const PAGE_SIZE = 20;

/** The store's Segment Sends, newest first, paged by the server. */
export function StrategiesTable() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [page, setPage] = useState(1);
  const { data, isPending } = useStrategyList(page, PAGE_SIZE);
  const zone = useShopInfo().data?.timezone;
  const actions = useStrategyAction();
  const n = (v: number) => formatNumber(v, i18n.language);

  const askTemplateName = (row: StrategyListItem) => {
    let name = row.name;
    modal.confirm({
      title: t('segmentSend.actions.saveAsTemplate'),
      content: (
        <Input
          defaultValue={row.name}
          maxLength={60}
          aria-label={t('segmentSend.templateName')}
          onChange={(e) => { name = e.target.value; }}
          data-testid="send-template-name"
        />
      ),
      onOk: async () => {
        await actions.saveAsTemplate.mutateAsync({ id: row.id, name });
        toastSuccess(t('segmentSend.templateSaved'));
      },
    });
  };

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} gap={16}>
        <Typography.Text type="secondary">{t('segmentSend.intro')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/tags/setting')} data-testid="send-new">
          {t('segmentSend.new')}
        </Button>
      </Flex>
      <Table<StrategyListItem>
        rowKey="id"
        loading={isPending}
        dataSource={data?.items ?? []}
        scroll={{ x: 900 }}
        pagination={{
          current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, showSizeChanger: false,
          onChange: setPage,
        }}
        onRow={(row) => ({ 'data-testid': 'send-row', 'data-id': row.id }) as object}
        columns={[
          { title: t('segmentSend.columns.name'), dataIndex: 'name', render: (v: string) => <span data-testid="send-row-name">{v}</span> },
          { title: t('segmentSend.columns.title'), dataIndex: 'title', ellipsis: true },
          { title: t('segmentSend.columns.status'), dataIndex: 'status', render: (s: StrategyListItem['status']) => <StatusTag status={s} /> },
          {
            title: t('segmentSend.columns.sendAt'), key: 'send_at',
            render: (_, row) => (row.send_at ? formatInZone(row.send_at, zone) : row.send_mode === 'now' ? t('segmentSend.sendNow') : '-'),
          },
          { title: t('segmentSend.columns.sent'), key: 'sent', render: (_, row) => n(row.stats.sent) },
          { title: t('segmentSend.columns.opened'), key: 'opened', render: (_, row) => n(row.stats.opened) },
          { title: t('segmentSend.columns.clicked'), key: 'clicked', render: (_, row) => n(row.stats.clicked) },
          {
            title: t('common.actions'), key: 'actions', width: 280,
            render: (_, row) => (
              <Space wrap size={4}>
                {row.status === 'draft' && (
                  <Button size="small" onClick={() => void navigate(`/tags/setting?id=${row.id}`)} data-testid="send-edit">
                    {t('segmentSend.actions.edit')}
                  </Button>
                )}
                {row.status !== 'draft' && (
                  <Button size="small" onClick={() => void navigate(`/tags/strategy-report?id=${row.id}`)} data-testid="send-report">
                    {t('segmentSend.actions.report')}
                  </Button>
                )}
                {(row.status === 'pending' || row.status === 'sending') && (
                  <Button
                    size="small"
                    danger
                    data-testid="send-terminate"
                    onClick={() => modal.confirm({
                      title: t('segmentSend.terminateConfirm', { name: row.name }),
                      okButtonProps: { danger: true },
                      onOk: async () => { await actions.terminate.mutateAsync(row.id); toastSuccess(t('segmentSend.terminated')); },
                    })}
                  >
                    {t('segmentSend.actions.terminate')}
                  </Button>
                )}
                <Button size="small" onClick={() => askTemplateName(row)} data-testid="send-save-template">
                  {t('segmentSend.actions.saveAsTemplate')}
                </Button>
                {row.status !== 'sending' && (
                  <Button
                    size="small"
                    danger
                    data-testid="send-delete"
                    onClick={() => modal.confirm({
                      title: t('segmentSend.deleteConfirm', { name: row.name }),
                      okButtonProps: { danger: true },
                      onOk: async () => { await actions.remove.mutateAsync(row.id); toastSuccess(t('segmentSend.deleted')); },
                    })}
                  >
                    {t('segmentSend.actions.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
