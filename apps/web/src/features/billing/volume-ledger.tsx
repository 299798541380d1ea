import { billingRoutes } from '@storecast/contract';
import { Select, Space, Table, Tag } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { formatInZone, formatNumber } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';

const PAGE_SIZE = 20;
type Kind = 'recharge' | 'consume' | 'expire';
const KINDS: readonly Kind[] = ['recharge', 'consume', 'expire'];
const KIND_COLOURS: Record<Kind, string> = { recharge: 'green', consume: 'blue', expire: 'default' };

/** The volume ledger, newest first, paged by the server and filtered by kind and by pack. */
export function VolumeLedger() {
  const { t, i18n } = useTranslation();
  const timeZone = useSessionUser().data?.timezone;
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<Kind | undefined>();
  const [packageId, setPackageId] = useState<string | undefined>();
  const names = useApiQuery(billingRoutes.detailNameList);
  const rows = useApiQuery(
    billingRoutes.detailList,
    { query: { page, page_size: PAGE_SIZE, kind, package_id: packageId } },
    { placeholderData: keepPreviousData },
  );

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('billingPages.pricing.allKinds')}
          value={kind}
          onChange={(v: Kind | undefined) => { setKind(v); setPage(1); }}
          options={KINDS.map((k) => ({ value: k, label: t(`billingPages.kind.${k}`) }))}
          data-testid="ledger-kind"
        />
        <Select
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('billingPages.pricing.allPacks')}
          value={packageId}
          onChange={(v: string | undefined) => { setPackageId(v); setPage(1); }}
          options={(names.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          data-testid="ledger-pack"
        />
      </Space>
      <Table
        data-testid="ledger"
        rowKey="id"
        size="small"
        loading={rows.isPending}
        dataSource={rows.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('billingPages.pricing.noLedger') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: rows.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('billingPages.pricing.time'), dataIndex: 'created_at', render: (v: string) => formatInZone(v, timeZone) },
          { title: t('billingPages.pricing.kindLabel'), dataIndex: 'kind', render: (k: Kind) => <Tag color={KIND_COLOURS[k]}>{t(`billingPages.kind.${k}`)}</Tag> },
          { title: t('billingPages.pricing.pack'), dataIndex: 'package_name' },
          { title: t('billingPages.pricing.amount'), dataIndex: 'amount', render: (v: number) => formatNumber(v, i18n.language) },
        ]}
      />
    </>
  );
}
