import { ORDER_DOWNLOAD_PATH, orderRoutes } from '@storecast/contract';
import { Button, Card, DatePicker, Form, Progress, Radio, Table, Tag, Typography } from 'antd';
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../shared/api/files.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import { translateIssue } from '../../shared/forms/zod-rule.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { withOrderExportStrings } from './load-order-export-strings.ts';
import { checkOrderRange } from './order-range.ts';

interface Values { format: 'csv' | 'xlsx'; range?: [Dayjs, Dayjs] }

const STATUS_COLORS = { in_progress: 'processing', completed: 'success', failed: 'error' } as const;

const rangeRule: FormRule = {
  validator: async (_rule, value: [Dayjs, Dayjs] | undefined) => {
    const problem = checkOrderRange(value);
    if (problem) throw new Error(translateIssue(problem));
  },
};

const percent = (done: number, total: number) => (total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0);

/** /order/export: orders with their attribution for at most 31 days, as csv or xlsx, and the records. */
function OrderExport() {
  const { t } = useTranslation();
  const { data: user } = useSessionUser();
  const [form] = Form.useForm<Values>();
  const records = useApiQuery(orderRoutes.exportList, undefined, {
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'in_progress') ? 1000 : false),
  });
  const start = useApiMutation(orderRoutes.exportStart, {
    input: (v: Values) => ({ body: { format: v.format, from: v.range![0].format('YYYY-MM-DD'), to: v.range![1].format('YYYY-MM-DD') } }),
    invalidates: [orderRoutes.exportList],
    onSuccess: () => toastSuccess(t('orderExport.started')),
  });

  return (
    <>
      <Card>
        <Typography.Paragraph type="secondary">{t('orderExport.hint')}</Typography.Paragraph>
        <Form
          form={form}
          layout="inline"
          initialValues={{ format: 'csv', range: [dayjs().subtract(6, 'day'), dayjs()] }}
          onFinish={(v) => start.mutate(v)}
        >
          {/* Label and picker are wider than a phone together: the picker gives way. */}
          <Form.Item name="range" label={t('orderExport.range')} rules={[rangeRule]} style={{ maxWidth: '100%' }}>
            <DatePicker.RangePicker data-testid="order-export-range" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="format" label={t('orderExport.format')}>
            <Radio.Group options={[{ value: 'csv', label: 'CSV' }, { value: 'xlsx', label: 'Excel (xlsx)' }]} data-testid="order-export-format" />
          </Form.Item>
          <Form.Item>
            {/* No submit button: Enter in the range picker confirms a day, it does not start an export. */}
            <Button type="primary" onClick={() => form.submit()} loading={start.isPending} data-testid="order-export-start">{t('orderExport.start')}</Button>
          </Form.Item>
        </Form>
      </Card>
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('orderExport.records')}</Typography.Title>
      <Table
        rowKey="id"
        size="middle"
        loading={records.isPending}
        dataSource={records.data}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        onRow={() => ({ 'data-testid': 'order-export-record' }) as object}
        columns={[
          { title: t('orderExport.createdAt'), dataIndex: 'created_at', render: (v: string) => formatInZone(v, user?.timezone) },
          { title: t('orderExport.days'), key: 'days', render: (_, r) => `${r.from} ~ ${r.to}` },
          { title: t('orderExport.format'), dataIndex: 'format', render: (f: string) => f.toUpperCase() },
          {
            title: t('orderExport.result'), key: 'status',
            render: (_, r) => (
              <>
                <Tag color={STATUS_COLORS[r.status]} data-testid="order-export-status" data-status={r.status}>{t(`orderExport.status.${r.status}`)}</Tag>
                {r.status === 'in_progress'
                  ? <Progress size="small" style={{ width: 140 }} percent={percent(r.processed_rows, r.total_rows)} status="active" />
                  : r.failure ?? t('orderExport.rows', { count: r.total_rows })}
              </>
            ),
          },
          {
            title: '', key: 'download',
            render: (_, r) => r.status === 'completed' && (
              <Button
                size="small"
                type="link"
                onClick={() => void downloadFile(ORDER_DOWNLOAD_PATH, { id: r.id }, `orders-${r.id}.${r.format}`)}
                data-testid="order-export-download"
              >
                {t('orderExport.download')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

export const OrderExportPage = withOrderExportStrings(OrderExport);
