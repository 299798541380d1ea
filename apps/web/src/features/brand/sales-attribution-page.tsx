import { ATTRIBUTION_TRIGGERS, ATTRIBUTION_WINDOW_MAX_DAYS, type SalesAttribution, salesAttributionSchema, brandRoutes } from '@storecast/contract';
import { Button, Form, InputNumber, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { useSalesAttribution } from './queries.ts';

/** /store/sales-attribution: how many days after an open or a click an order counts for an e-mail. */
export function SalesAttributionPage() {
  const { t } = useTranslation();
  const { data, isPending } = useSalesAttribution();
  const [form] = Form.useForm<SalesAttribution>();
  const save = useApiMutation(brandRoutes.saveSalesAttribution, {
    invalidates: [brandRoutes.salesAttribution],
    onSuccess: () => toastSuccess(t('brand.attribution.saved')),
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });
  if (isPending) return <PageLoading />;
  if (!data) return null;
  return (
    <Form form={form} layout="vertical" initialValues={data} onFinish={(v) => save.mutate(v)} style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{t('brand.attribution.intro')}</Typography.Paragraph>
      <Form.Item name="window_days" label={t('brand.attribution.windowDays')} rules={[zodRule(salesAttributionSchema.shape.window_days)]}>
        <InputNumber min={1} max={ATTRIBUTION_WINDOW_MAX_DAYS} precision={0} style={{ width: 160 }} data-testid="attribution-days" />
      </Form.Item>
      <Form.Item name="trigger" label={t('brand.attribution.trigger')} rules={[zodRule(salesAttributionSchema.shape.trigger)]}>
        <Radio.Group data-testid="attribution-trigger" options={ATTRIBUTION_TRIGGERS.map((v) => ({ value: v, label: t(`brand.attribution.${v}`) }))} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="attribution-save">{t('common.save')}</Button>
    </Form>
  );
}
