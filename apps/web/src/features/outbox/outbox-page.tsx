import { outboxRoutes } from '@storecast/contract';
import { Descriptions, Drawer, Empty, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { allowMailStyles } from '../../shared/security/allow-mail-styles.ts';

const PAGE_SIZE = 20;

/**
 * /store/outbox: mail the store would have sent. Without SMTP settings nothing leaves the
 * machine; the messages are kept here so an owner trying the product can read exactly what
 * subscribers would receive, headers included.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const { data: user } = useSessionUser();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useApiQuery(outboxRoutes.list, { query: { page, page_size: PAGE_SIZE } });

  return (
    <>
      <Typography.Paragraph type="secondary">{t('outbox.intro')}</Typography.Paragraph>
      <Table
        data-testid="outbox-table"
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: <Empty description={t('outbox.empty')} /> }}
        onRow={(row) => ({ onClick: () => setOpenId(row.id), style: { cursor: 'pointer' }, 'data-testid': 'outbox-row' } as React.HTMLAttributes<HTMLElement>)}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('outbox.recipient'), dataIndex: 'recipient' },
          { title: t('outbox.subject'), dataIndex: 'subject' },
          { title: t('outbox.keptAt'), dataIndex: 'created_at', render: (v: string) => formatInZone(v, user?.timezone) },
        ]}
      />
      <OutboxMessage id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

function OutboxMessage({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useApiQuery(outboxRoutes.detail, { query: { id: id ?? '' } }, { enabled: id !== null });
  const m = detail.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={m?.subject} loading={detail.isPending} destroyOnHidden>
      {m && (
        <>
          <Descriptions size="small" column={1} items={[
            { key: 'from', label: t('outbox.from'), children: m.from },
            { key: 'to', label: t('outbox.recipient'), children: <span data-testid="outbox-detail-to">{m.recipient}</span> },
          ]} />
          <Tabs
            items={[
              {
                key: 'html', label: t('outbox.html'),
                // Sandboxed without scripts: the message is shown, never run.
                children: <iframe title={m.subject} sandbox="" srcDoc={allowMailStyles(m.html)} style={{ width: '100%', height: 600, border: 0 }} />,
              },
              { key: 'text', label: t('outbox.text'), children: <pre style={{ whiteSpace: 'pre-wrap' }}>{m.text}</pre> },
              {
                key: 'headers', label: t('outbox.headers'),
                children: <Descriptions size="small" column={1} items={Object.entries(m.headers).map(([k, v]) => ({ key: k, label: k, children: v }))} />,
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
