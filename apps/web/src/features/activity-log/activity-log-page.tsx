import { activityRoutes } from '@storecast/contract';
import { DatePicker, Flex, Select, Table } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import { lazyStrings } from '../../shared/i18n/lazy-strings.tsx';
import { useSessionUser } from '../../shared/session/queries.ts';
import { useServerPages } from '../../shared/ui/use-server-pages.ts';

// Its few strings live in the calendar's catalogue (`calendar.activityLog`), which is lazy too.
const { withStrings } = lazyStrings('calendar', {
  'zh-CN': () => import('../../locales/zh-CN/calendar.ts'),
  'en-US': () => import('../../locales/en-US/calendar.ts'),
});

/** Who did what in the store: paged and filtered on the server, newest first. */
function ActivityLog() {
  const { t } = useTranslation();
  const { data: user } = useSessionUser();
  const { page, pageSize, setPage, pagination } = useServerPages();
  const [action, setAction] = useState<string | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const query = {
    page, page_size: pageSize, action,
    from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD'),
  };
  const logs = useApiQuery(activityRoutes.logs, { query }, { placeholderData: keepPreviousData });

  return (
    <>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ minWidth: 240 }}
          placeholder={t('calendar.activityLog.allActions')}
          value={action}
          options={logs.data?.actions.map((a) => ({ value: a.key, label: a.label }))}
          onChange={(v: string | undefined) => { setAction(v); setPage(1); }}
          data-testid="activity-action"
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => { setRange(v); setPage(1); }}
          data-testid="activity-range"
        />
      </Flex>
      <Table
        rowKey="id"
        size="middle"
        loading={logs.isPending || logs.isPlaceholderData}
        dataSource={logs.data?.items}
        scroll={{ x: 'max-content' }}
        onRow={() => ({ 'data-testid': 'activity-row' }) as object}
        pagination={pagination(logs.data?.total ?? 0)}
        columns={[
          { title: t('calendar.activityLog.time'), dataIndex: 'created_at', render: (v: string) => formatInZone(v, user?.timezone) },
          { title: t('calendar.activityLog.actor'), dataIndex: 'actor' },
          { title: t('calendar.activityLog.action'), dataIndex: 'action_label' },
          { title: t('calendar.activityLog.target'), key: 'target', render: (_, r) => r.target_name || r.target_id },
        ]}
      />
    </>
  );
}

export const ActivityLogPage = withStrings(ActivityLog);
