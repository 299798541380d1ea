import { PlusOutlined } from '@ant-design/icons';
import type { StrategyKind, StrategyListItem } from '@storecast/contract';
import { App, Button, Flex, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../shared/api/toast.ts';
import { formatInZone, formatNumber } from '../../../shared/format/format-date.ts';
import type { TranslationKey } from '../../../shared/i18n/translation-key.ts';
import { useShopInfo, useStrategyAction, useStrategyList } from '../queries.ts';
import { StatusTag } from './status-tag.tsx';

const PAGE_SIZE = 20;

/** The strings a send kind keeps for its list, under its own prefix (`segmentSend`, `elementSend`). */
type TableKey =
  | 'intro' | 'new' | 'sendNow' | 'terminateConfirm' | 'deleteConfirm' | 'terminated' | 'deleted'
  | `columns.${'name' | 'title' | 'status' | 'sendAt' | 'sent' | 'opened' | 'clicked'}`
  | `actions.${'edit' | 'report' | 'terminate' | 'delete'}`;

/** A prefix is accepted only when every key the table reads exists under it. */
type StringsPrefix<P extends string> = `${P}.${TableKey}` extends TranslationKey ? P : never;

export interface StrategiesTableProps<P extends string> {
  kind: StrategyKind;
  strings: StringsPrefix<P>;
  /** Test ids are `<prefix>-row`, `<prefix>-edit`, `<prefix>-report`, … */
  testIdPrefix: string;
  /** The report page; `?id=` is added. */
  reportPath: string;
  onNew: () => void;
  canEdit: (row: StrategyListItem) => boolean;
  onEdit: (row: StrategyListItem) => void;
  /** Called after a send is deleted (a kind may forget a session draft of it). */
  onDeleted?: (id: string) => void;
  /** The kind's own columns, between the send time and the numbers. */
  extraColumns?: ColumnsType<StrategyListItem>;
  /** Whether a send can be copied into the content library as a template. */
  saveAsTemplate?: boolean;
}

/** The store's sends of one kind, newest first, paged by the server, with their actions. */
export function StrategiesTable<P extends string>(props: StrategiesTableProps<P>) {
  const { kind, strings, testIdPrefix: tid, reportPath, onNew, canEdit, onEdit, onDeleted, extraColumns = [], saveAsTemplate = false } = props;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [page, setPage] = useState(1);
  const { data, isPending } = useStrategyList(kind, page, PAGE_SIZE);
  const zone = useShopInfo().data?.timezone;
  const actions = useStrategyAction();
  const n = (v: number) => formatNumber(v, i18n.language);
  // The prefix was checked against the catalogue by StringsPrefix.
  const k = (key: TableKey) => `${strings}.${key}` as TranslationKey;

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

  /** A danger button that asks first, then runs `onOk`. */
  const confirmButton = (action: 'terminate' | 'delete', row: StrategyListItem, onOk: () => Promise<void>) => (
    <Button
      size="small"
      danger
      data-testid={`${tid}-${action}`}
      onClick={() => modal.confirm({
        title: t(k(action === 'terminate' ? 'terminateConfirm' : 'deleteConfirm'), { name: row.name }),
        okButtonProps: { danger: true },
        onOk,
      })}
    >
      {t(k(`actions.${action}`))}
    </Button>
  );

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} gap={16} wrap>
        <Typography.Text type="secondary">{t(k('intro'))}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={onNew} data-testid={`${tid}-new`}>{t(k('new'))}</Button>
      </Flex>
      <Table<StrategyListItem>
        rowKey="id"
        loading={isPending}
        dataSource={data?.items ?? []}
        scroll={{ x: 900 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        onRow={(row) => ({ 'data-testid': `${tid}-row`, 'data-id': row.id, 'data-status': row.status }) as object}
        columns={[
          { title: t(k('columns.name')), dataIndex: 'name', render: (v: string) => <span data-testid={`${tid}-row-name`}>{v}</span> },
          { title: t(k('columns.title')), dataIndex: 'title', ellipsis: true },
          { title: t(k('columns.status')), dataIndex: 'status', render: (s: StrategyListItem['status']) => <StatusTag status={s} /> },
          {
            title: t(k('columns.sendAt')), key: 'send_at',
            render: (_, row) => (row.send_at ? formatInZone(row.send_at, zone) : row.send_mode === 'now' ? t(k('sendNow')) : '-'),
          },
          ...extraColumns,
          ...(['sent', 'opened', 'clicked'] as const).map((c) => ({
            title: t(k(`columns.${c}`)), key: c, render: (_: unknown, row: StrategyListItem) => n(row.stats[c]),
          })),
          {
            title: t('common.actions'), key: 'actions', width: saveAsTemplate ? 280 : 220,
            render: (_, row) => (
              <Space wrap size={4}>
                {canEdit(row) && <Button size="small" onClick={() => onEdit(row)} data-testid={`${tid}-edit`}>{t(k('actions.edit'))}</Button>}
                {row.status !== 'draft' && (
                  <Button size="small" onClick={() => void navigate(`${reportPath}?id=${row.id}`)} data-testid={`${tid}-report`}>
                    {t(k('actions.report'))}
                  </Button>
                )}
                {(row.status === 'pending' || row.status === 'sending') && confirmButton('terminate', row, async () => {
                  await actions.terminate.mutateAsync(row.id);
                  toastSuccess(t(k('terminated')));
                })}
                {saveAsTemplate && (
                  <Button size="small" onClick={() => askTemplateName(row)} data-testid="send-save-template">
                    {t('segmentSend.actions.saveAsTemplate')}
                  </Button>
                )}
                {row.status !== 'sending' && confirmButton('delete', row, async () => {
                  await actions.remove.mutateAsync(row.id);
                  onDeleted?.(row.id);
                  toastSuccess(t(k('deleted')));
                })}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
