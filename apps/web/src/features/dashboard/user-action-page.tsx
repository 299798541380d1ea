import { liveviewRoutes, SHOPPER_ACTION_TYPES, type ShopperAction, type ShopperActionType } from '@storecast/contract';
import { Button, DatePicker, Flex, Form, Input, Select, Space, Table, Typography } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { ActionSubject } from './live/feed-line.tsx';
import { withLiveviewStrings } from './live/load-liveview-strings.ts';
import { ShopperDrawer, type ShopperRef } from './live/shopper-drawer.tsx';

interface Filters { type?: ShopperActionType; from?: string; to?: string; email?: string }
interface FormValues { type?: ShopperActionType; dates?: [Dayjs, Dayjs] | null; email?: string }

/**
 * /dashboard/user-action: shoppers' actions newest first, filtered on the server (type, days in
 * the store's zone, e-mail) and paged by cursor; a row opens the shopper's profile.
 */
function UserActions() {
  const { t } = useTranslation();
  const tz = useSessionUser().data?.timezone;
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<Filters>({});
  // Cursors of the pages before this one, so the pager can go back.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  const [shopper, setShopper] = useState<ShopperRef | null>(null);
  const { data, isFetching } = useApiQuery(
    liveviewRoutes.userAction,
    { query: { ...filters, ...(cursor ? { cursor } : {}), page_size: 20 } },
    { placeholderData: keepPreviousData },
  );

  const apply = (v: FormValues) => {
    setFilters({
      ...(v.type ? { type: v.type } : {}),
      ...(v.dates ? { from: v.dates[0].format('YYYY-MM-DD'), to: v.dates[1].format('YYYY-MM-DD') } : {}),
      ...(v.email?.trim() ? { email: v.email.trim() } : {}),
    });
    setCursors([]);
  };

  return (
    <>
      <Typography.Title level={4}>{t('liveview.actions.title')}</Typography.Title>
      <Form form={form} layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }} data-testid="action-filters">
        <Form.Item name="type" label={t('liveview.actions.type')}>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('liveview.actions.allTypes')}
            data-testid="action-type"
            options={SHOPPER_ACTION_TYPES.map((v) => ({ value: v, label: t(`liveview.types.${v}`) }))}
          />
        </Form.Item>
        {/* Label and picker are wider than a phone together: the picker gives way. */}
        <Form.Item name="dates" label={t('liveview.actions.dates')} style={{ maxWidth: '100%' }}>
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="email" label={t('liveview.actions.email')}>
          <Input allowClear placeholder={t('liveview.actions.emailPlaceholder')} maxLength={254} data-testid="action-email" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="action-search">{t('liveview.actions.search')}</Button>
          <Button onClick={() => { form.resetFields(); apply({}); }}>{t('liveview.actions.reset')}</Button>
        </Space>
      </Form>
      <Table<ShopperAction>
        rowKey="key"
        // On a phone the columns scroll inside the table, not the page.
        scroll={{ x: 'max-content' }}
        size="small"
        loading={isFetching}
        dataSource={data?.items ?? []}
        pagination={false}
        locale={{ emptyText: t('liveview.actions.empty') }}
        data-testid="action-table"
        onRow={(r) => ({
          style: { cursor: r.subscriber_id || r.visitor_id ? 'pointer' : undefined },
          onClick: () => { if (r.subscriber_id || r.visitor_id) setShopper({ subscriber_id: r.subscriber_id, visitor_id: r.visitor_id }); },
          'data-testid': 'action-row',
        } as HTMLAttributes<HTMLElement>)}
        columns={[
          { key: 'time', title: t('liveview.actions.time'), width: 180, render: (_, r) => formatInZone(r.occurred_at, tz) },
          { key: 'shopper', title: t('liveview.actions.shopper'), render: (_, r) => r.email ?? r.visitor_id ?? t('liveview.anonymous') },
          { key: 'type', title: t('liveview.actions.type'), render: (_, r) => t(`liveview.types.${r.type as 'order'}`, { defaultValue: r.type }) },
          { key: 'detail', title: t('liveview.actions.detail'), render: (_, r) => <ActionSubject line={{ ...r, at: r.occurred_at }} /> },
        ]}
      />
      <Flex justify="end" gap={8} style={{ marginTop: 16 }}>
        <Button disabled={cursors.length === 0} onClick={() => setCursors([])}>{t('liveview.actions.first')}</Button>
        <Button
          disabled={!data?.next_cursor}
          data-testid="action-next"
          onClick={() => { const next = data?.next_cursor; if (next) setCursors((c) => [...c, next]); }}
        >
          {t('liveview.actions.next')}
        </Button>
      </Flex>
      <ShopperDrawer shopper={shopper} timeZone={tz} onClose={() => setShopper(null)} />
    </>
  );
}

export const UserActionPage = withLiveviewStrings(UserActions);
