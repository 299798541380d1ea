import { PlusOutlined } from '@ant-design/icons';
import { audienceRoutes } from '@storecast/contract';
import { App, Button, Flex, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastError, toastSuccess } from '../../shared/api/toast.ts';
import { emptyDraft, SegmentBuilder, type SegmentDraft } from './segment-builder.tsx';
import { useSegmentList } from './queries.ts';

type SegmentRow = NonNullable<ReturnType<typeof useSegmentList>['data']>[number];

/**
 * /tags: system recommended groups first (read-only, SPEC: 'System recommended groups cannot be
 * added.'), then the store's own segments, each with how many subscribers it matches now.
 */
export function SegmentsPage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { data, isPending } = useSegmentList();
  const [draft, setDraft] = useState<SegmentDraft | null>(null);
  const rows = [...(data ?? [])].sort((a, b) => Number(b.system) - Number(a.system));

  const remove = useApiMutation(audienceRoutes.segmentDelete, {
    input: (id: string) => ({ body: { id } }),
    invalidates: [audienceRoutes.segmentList],
    onSuccess: () => toastSuccess(t('segments.deleted')),
  });

  const refuseSystem = () => toastError(t('errors.segment.systemReadonly'));
  const edit = (row: SegmentRow) => (row.system ? refuseSystem() : setDraft({ id: row.id, name: row.name, match: row.match, conditions: row.conditions }));

  return (
    <>
      {/* Inside the Segment Send home's tab the home carries the title. */}
      {!embedded && <Typography.Title level={3} style={{ marginTop: 0 }}>{t('menu.tags')}</Typography.Title>}
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('segments.intro')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft(emptyDraft())} data-testid="segment-add">{t('segments.add')}</Button>
      </Flex>
      <Table<SegmentRow>
        rowKey="id"
        loading={isPending}
        dataSource={rows}
        pagination={false}
        onRow={(row) => ({ 'data-testid': row.system ? 'segment-row-system' : 'segment-row' }) as object}
        columns={[
          {
            title: t('segments.name'), dataIndex: 'name',
            render: (name: string, row) => (
              <Space>
                <span data-testid="segment-name-cell">{name}</span>
                {row.system && <Tag color="purple" data-testid="segment-system-tag">{t('segments.systemTag')}</Tag>}
              </Space>
            ),
          },
          { title: t('segments.match'), dataIndex: 'match', render: (m: 'all' | 'any') => t(`segments.builder.${m}`) },
          { title: t('segments.conditions'), dataIndex: 'conditions', render: (c: unknown[]) => c.length },
          { title: t('segments.count'), dataIndex: 'count', render: (n: number) => <span data-testid="segment-count">{n}</span> },
          {
            title: t('common.actions'), key: 'actions',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => edit(row)} data-testid="segment-edit">{t('common.edit')}</Button>
                {!row.system && (
                  <Button
                    size="small"
                    danger
                    onClick={() => modal.confirm({
                      title: t('segments.deleteConfirm', { name: row.name }),
                      okButtonProps: { danger: true },
                      onOk: () => remove.mutateAsync(row.id),
                    })}
                    data-testid="segment-delete"
                  >
                    {t('segments.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <SegmentBuilder draft={draft} onClose={() => setDraft(null)} />
    </>
  );
}
