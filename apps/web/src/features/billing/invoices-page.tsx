import { billingRoutes } from '@storecast/contract';
import { Alert, Button, Table, Tag } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../shared/api/files.ts';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { formatPrice } from './format-price.ts';
import { useIsOwner } from './page-queries.ts';

const PAGE_SIZE = 20;
/** Outside the contract: the PDF itself, or a 409 envelope while it is still being made. */
const INVOICE_PDF_PATH = '/billing/invoice-pdf';
/** While a PDF is being made the list is asked again, so its row turns ready by itself. */
const GENERATING_REFRESH_MS = 3_000;

/** /account-setting/billing: an invoice per payment, as PDF. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const isOwner = useIsOwner();
  if (!isOwner) return <Alert type="info" showIcon title={t('billingPages.managerNote')} data-testid="billing-manager-note" />;
  return <InvoiceTable />;
}

function InvoiceTable() {
  const { t } = useTranslation();
  const timeZone = useSessionUser().data?.timezone;
  const [page, setPage] = useState(1);
  const list = useApiQuery(billingRoutes.invoiceList, { query: { page, page_size: PAGE_SIZE } }, {
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((i) => i.status === 'generating') ? GENERATING_REFRESH_MS : false),
  });

  return (
    <Table
      data-testid="invoices"
      rowKey="id"
      size="small"
      loading={list.isPending}
      dataSource={list.data?.items ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('billingPages.invoices.empty') }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      onRow={(r) => ({ 'data-testid': `invoice-${r.number}` }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('billingPages.invoices.number'), dataIndex: 'number' },
        { title: t('billingPages.invoices.date'), dataIndex: 'issued_at', render: (v: string) => formatInZone(v, timeZone) },
        { title: t('billingPages.invoices.description'), dataIndex: 'description' },
        { title: t('billingPages.invoices.amount'), dataIndex: 'total', render: formatPrice },
        {
          title: t('billingPages.invoices.status'), dataIndex: 'status',
          render: (s: 'generating' | 'ready') => s === 'ready'
            ? <Tag color="green">{t('billingPages.invoices.ready')}</Tag>
            : <Tag color="processing" style={{ whiteSpace: 'normal' }} data-testid="invoice-generating">{t('billingPages.invoices.generating')}</Tag>,
        },
        {
          title: '', key: 'download',
          render: (_, r) => (
            <Button size="small" type="link" onClick={() => void downloadFile(INVOICE_PDF_PATH, { id: r.id }, `${r.number}.pdf`).catch(() => {})} data-testid={`invoice-download-${r.number}`}>
              {t('billingPages.invoices.download')}
            </Button>
          ),
        },
      ]}
    />
  );
}
