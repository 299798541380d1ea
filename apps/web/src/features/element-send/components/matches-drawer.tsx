import { Drawer, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { useMatches } from '../queries.ts';

const PAGE_SIZE = 20;

/** The shoppers one product was matched to, best first, paged by the server. */
export function MatchesDrawer({ id, slot, title, onClose }: { id: string; slot: number | null; title: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const matches = useMatches(id, slot, page, PAGE_SIZE);
  return (
    <Drawer
      open={slot !== null}
      onClose={() => { onClose(); setPage(1); }}
      title={t('elementSend.matching.drawerTitle', { title })}
      size="large"
      destroyOnHidden
      data-testid="element-matches"
    >
      <Table
        rowKey="subscriber_id"
        size="small"
        loading={matches.isPending}
        dataSource={matches.data?.items ?? []}
        scroll={{ x: 480 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: matches.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        onRow={() => ({ 'data-testid': 'element-match-row' }) as object}
        columns={[
          { title: t('elementSend.matching.email'), dataIndex: 'email', render: (v: string | null) => v ?? '-' },
          { title: t('elementSend.matching.name'), key: 'name', render: (_, r) => `${r.first_name} ${r.last_name}`.trim() || '-' },
          { title: t('elementSend.matching.score'), dataIndex: 'score', render: (v: number) => formatNumber(Math.round(v * 100) / 100, i18n.language) },
        ]}
      />
    </Drawer>
  );
}
