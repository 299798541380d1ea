import { PlusOutlined } from '@ant-design/icons';
import { type BlockedProduct, formatMoney, type ProductStatus } from '@storecast/contract';
import { Alert, App, Button, type ButtonProps, Empty, Flex, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/api/toast.ts';
import { formatInZone, formatNumber } from '../../shared/format/format-date.ts';
import { useDebounced } from '../../shared/ui/use-debounced.ts';
import { Thumb } from '../../shared/ui/thumb.tsx';
import { useServerPages } from '../../shared/ui/use-server-pages.ts';
import { AddBlockedProductsModal } from './add-blocked-products-modal.tsx';
import { useBlockedMoves, useBlockedProducts } from './queries.ts';

const STATUS_COLOR: Record<ProductStatus, string> = { active: 'green', draft: 'default', archived: 'red' };

/**
 * The toolbox's blocked-product list: products no campaign or recommendation promotes. Paged and
 * searched on the server; products are added from the catalogue and removed after a confirm.
 */
export function BlockedProductsPanel() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const [search, setSearch] = useState('');
  const { page, pageSize, setPage, afterRemove, pagination } = useServerPages();
  const [adding, setAdding] = useState(false);
  const q = useDebounced(search.trim());
  const list = useBlockedProducts({ q, page, page_size: pageSize });
  const { unblock } = useBlockedMoves();

  const remove = (row: BlockedProduct) => modal.confirm({
    title: t('campaigns.blocked.confirmRemove', { title: row.title }),
    content: t('campaigns.blocked.confirmRemoveBody'),
    okButtonProps: { 'data-testid': 'blocked-confirm-ok' } as ButtonProps,
    onOk: async () => {
      await unblock.mutateAsync([row.id]);
      afterRemove(list.data?.items.length ?? 0);
      toastSuccess(t('campaigns.blocked.removed', { title: row.title }));
    },
  });

  return (
    <Flex vertical gap={12} data-testid="blocked-products">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>{t('campaigns.blocked.title')}</Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="blocked-add">{t('campaigns.blocked.add')}</Button>
      </Flex>
      <Typography.Text type="secondary">{t('campaigns.blocked.intro')}</Typography.Text>
      <Input.Search
        allowClear
        value={search}
        onChange={(e) => { setSearch(e.target.value); setPage(1); }}
        placeholder={t('campaigns.blocked.search')}
        aria-label={t('campaigns.blocked.search')}
        maxLength={255}
        style={{ maxWidth: 320 }}
        data-testid="blocked-search"
      />
      {list.isError && !list.data ? <Alert type="error" showIcon title={t('campaigns.blocked.loadFailed')} /> : (
        <Table<BlockedProduct>
          rowKey="id"
          size="middle"
          loading={list.isPending || list.isFetching}
          dataSource={list.data?.items}
          scroll={{ x: 'max-content' }}
          onRow={(r) => ({ 'data-testid': 'blocked-row', 'data-product-id': r.id }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: <Empty description={q ? t('campaigns.blocked.noMatch') : t('campaigns.blocked.empty')} /> }}
          pagination={pagination(list.data?.total ?? 0, (total) => t('campaigns.blocked.total', { total: formatNumber(total, i18n.language) }))}
          columns={[
            {
              title: t('campaigns.blocked.columns.image'), key: 'image', width: 64,
              render: (_, r) => <Thumb src={r.image} alt={r.title} size={40} />,
            },
            { title: t('campaigns.blocked.columns.title'), key: 'title', render: (_, r) => <span data-testid="blocked-row-title">{r.title}</span> },
            { title: t('campaigns.blocked.columns.id'), key: 'id', render: (_, r) => <Typography.Text copyable>{r.id}</Typography.Text> },
            { title: t('campaigns.blocked.columns.price'), key: 'price', align: 'right', render: (_, r) => formatMoney(r.price, r.currency) },
            {
              title: t('campaigns.blocked.columns.status'), key: 'status',
              render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`campaigns.blocked.statuses.${r.status}`)}</Tag>,
            },
            { title: t('campaigns.blocked.columns.blockedAt'), key: 'blockedAt', render: (_, r) => formatInZone(r.blocked_at, undefined) },
            {
              title: t('common.actions'), key: 'actions',
              render: (_, r) => (
                <Button size="small" danger onClick={() => remove(r)} loading={unblock.isPending && unblock.variables?.[0] === r.id} data-testid="blocked-remove">
                  {t('campaigns.blocked.remove')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <AddBlockedProductsModal open={adding} onClose={() => setAdding(false)} />
    </Flex>
  );
}
