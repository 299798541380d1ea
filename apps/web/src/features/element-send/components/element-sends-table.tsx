import { PlusOutlined } from '@ant-design/icons';
import type { StrategyListItem } from '@storecast/contract';
import { App, Button, Flex, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../shared/api/toast.ts';
import { formatInZone, formatNumber } from '../../../shared/format/format-date.ts';
import { StatusTag } from '../../segment-send/index.ts';
import { clearDraft, readDraft, writeDraft } from '../element-draft-store.ts';
import { emptySlots } from '../element-slots.ts';
import { useElementActions, useElementList, useShopInfo } from '../queries.ts';

const PAGE_SIZE = 20;

/** The store's Element Sends, newest first, paged by the server, with Segment Send's actions. */
export function ElementSendsTable() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [page, setPage] = useState(1);
  const { data, isPending } = useElementList(page, PAGE_SIZE);
  const zone = useShopInfo().data?.timezone;
  const actions = useElementActions();
  const n = (v: number) => formatNumber(v, i18n.language);

  const startNew = () => {
    clearDraft();
    void navigate('/element/products');
  };
  const edit = (row: StrategyListItem) => {
    // The matching page fills the session's six products from the server.
    writeDraft({ id: row.id, slots: emptySlots() });
    void navigate('/element/matching');
  };

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} gap={16} wrap>
        <Typography.Text type="secondary">{t('elementSend.intro')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={startNew} data-testid="element-new">{t('elementSend.new')}</Button>
      </Flex>
      <Table<StrategyListItem>
        rowKey="id"
        loading={isPending}
        dataSource={data?.items ?? []}
        scroll={{ x: 900 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        onRow={(row) => ({ 'data-testid': 'element-row', 'data-id': row.id, 'data-status': row.status }) as object}
        columns={[
          { title: t('elementSend.columns.name'), dataIndex: 'name', render: (v: string) => <span data-testid="element-row-name">{v}</span> },
          { title: t('elementSend.columns.title'), dataIndex: 'title', ellipsis: true },
          { title: t('elementSend.columns.status'), dataIndex: 'status', render: (s: StrategyListItem['status']) => <StatusTag status={s} /> },
          {
            title: t('elementSend.columns.sendAt'), key: 'send_at',
            render: (_, row) => (row.send_at ? formatInZone(row.send_at, zone) : row.send_mode === 'now' ? t('elementSend.sendNow') : '-'),
          },
          { title: t('elementSend.columns.recipients'), key: 'recipients', render: (_, row) => n(row.stats.recipients) },
          { title: t('elementSend.columns.sent'), key: 'sent', render: (_, row) => n(row.stats.sent) },
          { title: t('elementSend.columns.opened'), key: 'opened', render: (_, row) => n(row.stats.opened) },
          { title: t('elementSend.columns.clicked'), key: 'clicked', render: (_, row) => n(row.stats.clicked) },
          {
            title: t('common.actions'), key: 'actions', width: 220,
            render: (_, row) => (
              <Space wrap size={4}>
                {(row.status === 'draft' || row.status === 'exception') && (
                  <Button size="small" onClick={() => edit(row)} data-testid="element-edit">{t('elementSend.actions.edit')}</Button>
                )}
                {row.status !== 'draft' && (
                  <Button size="small" onClick={() => void navigate(`/element/strategy-report?id=${row.id}`)} data-testid="element-report">
                    {t('elementSend.actions.report')}
                  </Button>
                )}
                {(row.status === 'pending' || row.status === 'sending') && (
                  <Button
                    size="small"
                    danger
                    data-testid="element-terminate"
                    onClick={() => modal.confirm({
                      title: t('elementSend.terminateConfirm', { name: row.name }),
                      okButtonProps: { danger: true },
                      onOk: async () => { await actions.terminate.mutateAsync(row.id); toastSuccess(t('elementSend.terminated')); },
                    })}
                  >
                    {t('elementSend.actions.terminate')}
                  </Button>
                )}
                {row.status !== 'sending' && (
                  <Button
                    size="small"
                    danger
                    data-testid="element-delete"
                    onClick={() => modal.confirm({
                      title: t('elementSend.deleteConfirm', { name: row.name }),
                      okButtonProps: { danger: true },
                      onOk: async () => {
                        await actions.remove.mutateAsync(row.id);
                        // The session's draft was this one: the wizard starts afresh next time.
                        if (readDraft().id === row.id) clearDraft();
                        toastSuccess(t('elementSend.deleted'));
                      },
                    })}
                  >
                    {t('elementSend.actions.delete')}
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
