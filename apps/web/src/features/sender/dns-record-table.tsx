import type { SenderDomainInfo } from '@storecast/contract';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DnsResultTag } from './status-tags.tsx';

type DnsRecord = SenderDomainInfo['records'][number];

/**
 * The two records to publish, with copy buttons on host and value (DNS panels differ: some
 * want the full host, some only the part before the domain, so the copy gives the full one
 * and the relative one is shown beside it), and the last check's result per record.
 */
export function DnsRecordTable({ records }: { records: DnsRecord[] }) {
  const { t } = useTranslation();
  return (
    <Table<DnsRecord>
      rowKey="type"
      pagination={false}
      size="middle"
      dataSource={records}
      onRow={(r) => ({ 'data-testid': `domain-record-${r.type}` }) as React.HTMLAttributes<HTMLElement>}
      scroll={{ x: 720 }}
      columns={[
        { title: t('sender.domain.type'), dataIndex: 'type', width: 80, render: (v: string) => v.toUpperCase() },
        {
          title: t('sender.domain.host'), dataIndex: 'host', width: 260,
          render: (_: string, r) => (
            <Typography.Text copyable={{ text: r.host, tooltips: [t('sender.domain.copy')] }} data-testid={`domain-host-${r.type}`}>
              {r.host}
            </Typography.Text>
          ),
        },
        {
          title: t('sender.domain.value'), dataIndex: 'value',
          render: (_: string, r) => (
            <Typography.Text copyable={{ text: r.value, tooltips: [t('sender.domain.copy')] }} style={{ wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 12 }}
              data-testid={`domain-value-${r.type}`}>
              {r.value}
            </Typography.Text>
          ),
        },
        {
          title: t('sender.domain.result'), dataIndex: 'status', width: 200,
          render: (_: string, r) => (
            <>
              <DnsResultTag status={r.status} testId={`domain-result-${r.type}`} />
              {r.status === 'wrong' && r.found.length > 0 && (
                <Typography.Paragraph type="danger" style={{ marginTop: 4, marginBottom: 0, fontSize: 12, wordBreak: 'break-all' }}>
                  {t('sender.domain.found', { value: r.found.join(' | ') })}
                </Typography.Paragraph>
              )}
            </>
          ),
        },
      ]}
    />
  );
}
