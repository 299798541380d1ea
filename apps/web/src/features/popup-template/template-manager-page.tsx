import { PlusOutlined } from '@ant-design/icons';
import type { PopupTemplate, TEMPLATE_STATUSES } from '@storecast/contract';
import { Alert, Button, Flex, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '../../shared/format/format-date.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { TemplateCover } from '../popup-editor/index.ts';
import { useIsInternalStore, useStarterContent, useTemplateActions, useTemplates } from './queries.ts';
import { TemplateDrawer, type TemplateDraft } from './template-drawer.tsx';

type Status = (typeof TEMPLATE_STATUSES)[number];
const STATUS_COLOR: Record<Status, string> = { draft: 'default', published: 'green', retired: 'orange' };
/** The moves a template in each status offers. */
const MOVES: Record<Status, { to: Status; label: 'publish' | 'retire' | 'toDraft' }[]> = {
  draft: [{ to: 'published', label: 'publish' }],
  published: [{ to: 'retired', label: 'retire' }, { to: 'draft', label: 'toDraft' }],
  retired: [{ to: 'published', label: 'publish' }, { to: 'draft', label: 'toDraft' }],
};

/**
 * /popup-template: the gallery's templates, managed by the internal stores only: every status,
 * by sort value; create and edit in a drawer; publish, retire, or return to draft.
 */
export function TemplateManagerPage() {
  const { t } = useTranslation();
  const internal = useIsInternalStore();
  const templates = useTemplates(internal === true);
  const starter = useStarterContent(internal === true);
  const { setStatus } = useTemplateActions();
  const [draft, setDraft] = useState<TemplateDraft | null>(null);

  if (internal === undefined) return <PageLoading />;
  if (!internal) return <Alert type="warning" showIcon title={t('popup.templates.internalOnly')} data-testid="template-internal-only" />;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>{t('menu.popupTemplate')}</Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!starter.data}
          onClick={() => starter.data && setDraft({ template: null, content: starter.data })}
          data-testid="template-create"
        >
          {t('popup.templates.create')}
        </Button>
      </Flex>
      <Table<PopupTemplate>
        rowKey="id"
        loading={templates.isPending}
        dataSource={templates.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': 'template-row', 'data-template-id': r.id }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('popup.templates.cover'), key: 'cover', render: (_, r) => <TemplateCover template={r} width={120} /> },
          {
            title: t('popup.templates.name'), key: 'name',
            render: (_, r) => <Flex vertical><span data-testid="template-row-name-zh">{r.name_zh}</span><Typography.Text type="secondary">{r.name_en}</Typography.Text></Flex>,
          },
          {
            title: t('popup.templates.labels'), key: 'labels',
            render: (_, r) => (
              <Flex gap={4} wrap style={{ maxWidth: 220 }}>
                <Tag>{t(`popup.targets.${r.target}`)}</Tag>
                <Tag>{t(`popup.activities.${r.activity}`)}</Tag>
                <Tag>{t(`popup.themes.${r.theme}`)}</Tag>
              </Flex>
            ),
          },
          { title: t('popup.templates.sort'), dataIndex: 'sort', render: (v: number) => <span data-testid="template-row-sort">{v}</span> },
          {
            title: t('popup.templates.status'), dataIndex: 'status',
            render: (s: Status) => <Tag color={STATUS_COLOR[s]} data-testid="template-row-status">{t(`popup.statuses.${s}`)}</Tag>,
          },
          { title: t('popup.templates.updatedAt'), dataIndex: 'updated_at', render: (v: string) => formatInZone(v, undefined) },
          {
            title: t('common.actions'), key: 'actions',
            render: (_, r) => (
              <Space wrap>
                <Button size="small" onClick={() => setDraft({ template: r })} data-testid="template-row-edit">{t('common.edit')}</Button>
                {MOVES[r.status].map((m) => (
                  <Button
                    key={m.to}
                    size="small"
                    loading={setStatus.isPending && setStatus.variables.id === r.id && setStatus.variables.status === m.to}
                    onClick={() => setStatus.mutate({ id: r.id, status: m.to })}
                    data-testid={`template-row-${m.label}`}
                  >
                    {t(`popup.templates.${m.label}`)}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <TemplateDrawer draft={draft} onClose={() => setDraft(null)} />
    </Flex>
  );
}
