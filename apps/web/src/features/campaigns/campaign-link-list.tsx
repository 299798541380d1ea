import { CopyOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { CampaignLink } from '@storecast/contract';
import { Alert, App, Button, type ButtonProps, Card, Empty, Flex, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/api/toast.ts';
import { formatInZone, formatNumber } from '../../shared/format/format-date.ts';
import { useServerPages } from '../../shared/ui/use-server-pages.ts';
import { copyText } from './copy-text.ts';
import { useCampaignLinkMoves, useCampaignLinks } from './queries.ts';
import { ShortLinkQr } from './short-link-qr.tsx';

/**
 * The store's saved links, paged on the server, newest first, with their clicks. A short link
 * is shown as text with a copy button rather than as a link: opening it from here would count
 * the owner's own visit as a click.
 */
export function CampaignLinkList() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const { page, pageSize, afterRemove, pagination } = useServerPages();
  const [qrOf, setQrOf] = useState<CampaignLink | null>(null);
  const list = useCampaignLinks({ page, page_size: pageSize });
  const { remove } = useCampaignLinkMoves();

  const confirmRemove = (row: CampaignLink) => modal.confirm({
    title: t('campaigns.links.confirmDelete', { url: row.short_url }),
    content: t('campaigns.links.confirmDeleteBody'),
    okButtonProps: { danger: true, 'data-testid': 'link-confirm-ok' } as ButtonProps,
    onOk: async () => {
      await remove.mutateAsync(row.id);
      afterRemove(list.data?.items.length ?? 0);
      toastSuccess(t('campaigns.links.deleted'));
    },
  });

  return (
    <Card size="small" title={t('campaigns.links.saved')} data-testid="link-list">
      {list.isError && !list.data ? <Alert type="error" showIcon title={t('campaigns.links.loadFailed')} /> : (
        <Table<CampaignLink>
          rowKey="id"
          size="middle"
          loading={list.isPending || list.isFetching}
          dataSource={list.data?.items}
          scroll={{ x: 'max-content' }}
          onRow={(r) => ({ 'data-testid': 'link-row', 'data-link-id': r.id }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: <Empty description={t('campaigns.links.empty')} /> }}
          pagination={pagination(list.data?.total ?? 0, (total) => t('campaigns.links.total', { total: formatNumber(total, i18n.language) }))}
          columns={[
            {
              title: t('campaigns.links.columns.link'), key: 'link',
              render: (_, r) => (
                <Flex align="center" gap={4} wrap={false}>
                  <Typography.Text code data-testid="link-row-short">{r.short_url}</Typography.Text>
                  <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('campaigns.links.copy')} onClick={() => void copyText(r.short_url)} />
                </Flex>
              ),
            },
            {
              title: t('campaigns.links.columns.destination'), key: 'destination',
              render: (_, r) => <Typography.Text ellipsis={{ tooltip: r.full_url }} style={{ maxWidth: 260 }}>{r.destination}</Typography.Text>,
            },
            {
              title: t('campaigns.links.columns.utm'), key: 'utm',
              render: (_, r) => <Typography.Text type="secondary">{[r.utm_source, r.utm_medium, r.utm_campaign].join(' / ')}</Typography.Text>,
            },
            { title: t('campaigns.links.columns.campaign'), key: 'campaign', render: (_, r) => r.campaign?.name ?? '—' },
            {
              title: t('campaigns.links.columns.clicks'), key: 'clicks', align: 'right',
              render: (_, r) => <span data-testid="link-row-clicks">{formatNumber(r.clicks, i18n.language)}</span>,
            },
            { title: t('campaigns.links.columns.created'), key: 'created', render: (_, r) => formatInZone(r.created_at, undefined) },
            {
              title: t('common.actions'), key: 'actions',
              render: (_, r) => (
                <Flex gap={8} wrap={false}>
                  <Button size="small" icon={<QrcodeOutlined />} onClick={() => setQrOf(r)} data-testid="link-row-qr">{t('campaigns.links.showQr')}</Button>
                  <Button size="small" danger onClick={() => confirmRemove(r)} loading={remove.isPending && remove.variables === r.id} data-testid="link-row-delete">
                    {t('campaigns.links.delete')}
                  </Button>
                </Flex>
              ),
            },
          ]}
        />
      )}
      <Modal open={qrOf !== null} title={t('campaigns.links.qr')} footer={null} onCancel={() => setQrOf(null)} destroyOnHidden width={360}>
        {qrOf && (
          <Flex vertical gap={8} align="center">
            <ShortLinkQr url={qrOf.short_url} code={qrOf.code} />
            <Typography.Text code style={{ wordBreak: 'break-all' }}>{qrOf.short_url}</Typography.Text>
          </Flex>
        )}
      </Modal>
    </Card>
  );
}
