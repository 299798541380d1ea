import { exportRangeOk, type SubscriberFilter, audienceRoutes } from '@storecast/contract';
import { DatePicker, Form, Modal, Radio, Typography } from 'antd';
import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { translateIssue } from '../../shared/forms/zod-rule.ts';

interface Values {
  format: 'csv' | 'xlsx';
  range?: [Dayjs, Dayjs];
}

const toIso = (r: [Dayjs, Dayjs]) => [r[0].startOf('day').toISOString(), r[1].endOf('day').toISOString()] as const;

/**
 * The subscription-date range is required and at most 31 days (SPEC section 9); the form says
 * so with the contract's sentence before anything is sent.
 */
const rangeRule: FormRule = {
  validator: async (_rule, value: [Dayjs, Dayjs] | undefined) => {
    if (!value?.[0] || !value[1]) throw new Error(translateIssue('errors.export.range'));
    const [from, to] = toIso(value);
    if (!exportRangeOk(from, to)) throw new Error(translateIssue('errors.export.range'));
  },
};

/** Exports the list as filtered now, for the chosen subscription dates; progress is on History. */
export function ExportModal({ open, filter, onClose }: { open: boolean; filter: SubscriberFilter; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const initialRange: [Dayjs, Dayjs] | undefined = filter.subscribed_from && filter.subscribed_to
    ? [dayjs(filter.subscribed_from), dayjs(filter.subscribed_to)]
    : [dayjs().subtract(30, 'day'), dayjs()];

  const start = useApiMutation(audienceRoutes.exportStart, {
    input: (v: Values) => {
      const [from, to] = toIso(v.range!);
      return { body: { format: v.format, filter: { ...filter, subscribed_from: from, subscribed_to: to } } };
    },
    invalidates: [audienceRoutes.exportList],
    onSuccess: () => {
      toastSuccess(t('emailList.export.started'));
      onClose();
      void navigate('/email-list/history');
    },
  });

  return (
    <Modal
      open={open}
      title={t('emailList.export.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('emailList.export.start')}
      okButtonProps={{ loading: start.isPending, 'data-testid': 'export-ok' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('emailList.export.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ format: 'csv', range: initialRange }} onFinish={(v) => start.mutate(v)} preserve={false}>
        <Form.Item name="format" label={t('emailList.export.format')}>
          <Radio.Group options={[{ value: 'csv', label: 'CSV' }, { value: 'xlsx', label: 'Excel (xlsx)' }]} data-testid="export-format" />
        </Form.Item>
        <Form.Item name="range" label={t('emailList.export.range')} rules={[rangeRule]}>
          <DatePicker.RangePicker data-testid="export-range" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
