import { formatMoney, PRODUCT_STATUSES, shopRoutes, type ProductStatus, type ProductSummary } from '@storecast/contract';
import { Alert, Empty, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { formatInZone, formatNumber } from '../../shared/format/format-date.ts';
import { useDebounced } from '../../shared/ui/use-debounced.ts';
import { Thumb } from '../../shared/ui/thumb.tsx';
import { useServerPages } from '../../shared/ui/use-server-pages.ts';
import { useProductList } from './queries.ts';

const STATUS_COLOR: Record<ProductStatus, string> = { active: 'green', draft: 'default', archived: 'red' };

/**
 * The store's catalogue, paged on the server: search by id, handle or title prefix, filter by
 * collection and status. Empty, it says how products arrive (the ingestion API).
 */
export function ProductTable() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [collectionInput, setCollectionInput] = useState('');
  const [status, setStatus] = useState<ProductStatus | undefined>();
  const { page, pageSize, setPage, pagination } = useServerPages();
  const q = useDebounced(search.trim());
  const collection = useDebounced(collectionInput.trim());
  const list = useProductList({ q, collection, status, page, page_size: pageSize });
  const tz = useApiQuery(shopRoutes.info).data?.timezone;
  const filtered = q !== '' || collection !== '' || status !== undefined;

  // A new search starts again from the first page.
  function onFilter<T>(set: (v: T) => void) {
    return (v: T) => {
      set(v);
      setPage(1);
    };
  }

  if (list.isError && !list.data) return <Alert type="error" showIcon title={t('products.loadFailed')} />;
  return (
    <Flex vertical gap={12} data-testid="product-table">
      <Flex gap={8} wrap>
        <Input.Search allowClear value={search} onChange={(e) => onFilter(setSearch)(e.target.value)} placeholder={t('products.search')}
          aria-label={t('products.search')} style={{ maxWidth: 320 }} data-testid="product-search" maxLength={255} />
        <Input allowClear value={collectionInput} onChange={(e) => onFilter(setCollectionInput)(e.target.value)} placeholder={t('products.collection')}
          aria-label={t('products.collection')} style={{ maxWidth: 220 }} data-testid="product-collection" maxLength={255} />
        <Select<ProductStatus | ''> value={status ?? ''} onChange={(v) => onFilter(setStatus)(v === '' ? undefined : v)} style={{ width: 160 }}
          aria-label={t('products.status')} data-testid="product-status"
          options={[{ value: '', label: t('products.allStatuses') }, ...PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`products.statuses.${s}`) }))]} />
      </Flex>
      <Table<ProductSummary>
        rowKey="id"
        size="middle"
        loading={list.isPending || list.isFetching}
        dataSource={list.data?.items}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': 'product-row', 'data-product-id': r.id }) as React.HTMLAttributes<HTMLElement>}
        locale={{
          emptyText: filtered ? <Empty description={t('products.noMatch')} /> : (
            <Empty description={
              <Flex vertical gap={4} align="center" data-testid="product-empty">
                <Typography.Text strong>{t('products.empty.title')}</Typography.Text>
                <Typography.Text type="secondary">{t('products.empty.body')}</Typography.Text>
                <Link to="/store/api-token">{t('products.empty.link')}</Link>
              </Flex>
            } />
          ),
        }}
        pagination={pagination(list.data?.total ?? 0, (total) => t('products.total', { total: formatNumber(total, i18n.language) }))}
        columns={[
          {
            title: t('products.column.image'), key: 'image', width: 64,
            render: (_, r) => <Thumb src={r.image} alt={r.title} size={48} />,
          },
          {
            title: t('products.column.title'), key: 'title',
            render: (_, r) => r.url
              ? <Typography.Link href={r.url} target="_blank" rel="noopener noreferrer">{r.title}</Typography.Link>
              : <Typography.Text>{r.title}</Typography.Text>,
          },
          {
            title: t('products.column.idHandle'), key: 'id',
            render: (_, r) => (
              <Flex vertical>
                <Typography.Text copyable data-testid="product-row-id">{r.id}</Typography.Text>
                {r.handle && <Typography.Text type="secondary">{r.handle}</Typography.Text>}
              </Flex>
            ),
          },
          { title: t('products.column.price'), key: 'price', align: 'right', render: (_, r) => formatMoney(r.price, r.currency) },
          {
            title: t('products.column.compareAt'), key: 'compare', align: 'right',
            render: (_, r) => r.compare_at_price === null ? '-' : <Typography.Text delete type="secondary">{formatMoney(r.compare_at_price, r.currency)}</Typography.Text>,
          },
          {
            title: t('products.column.stock'), key: 'stock', align: 'right',
            render: (_, r) => r.stock === null ? <Typography.Text type="secondary">{t('products.untracked')}</Typography.Text> : formatNumber(r.stock, i18n.language),
          },
          { title: t('products.column.variants'), key: 'variants', align: 'right', render: (_, r) => formatNumber(r.variants, i18n.language) },
          { title: t('products.column.status'), key: 'status', render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`products.statuses.${r.status}`)}</Tag> },
          { title: t('products.column.updated'), key: 'updated', render: (_, r) => formatInZone(r.updated_at, tz) },
        ]}
      />
    </Flex>
  );
}
