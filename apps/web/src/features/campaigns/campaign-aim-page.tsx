import { CAMPAIGN_GOAL_METRICS, type CampaignGoal, campaignRoutes, findCurrency, formatMoney } from '@storecast/contract';
import { Alert, Button, Card, Flex, Form, InputNumber, Progress, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { formatNumber } from '../../shared/format/format-date.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { useCampaignDetail, useCampaignReport } from './queries.ts';
import { numbersOf } from './report-numbers.ts';

type Metric = CampaignGoal['metric'];
interface AimValues { metric: Metric; target: number | null }

/**
 * /custom/aim?id=: the goal of one campaign, one of the report's numbers to reach over the
 * campaign's whole life, and how far it has come. Revenue is typed in the store's currency and
 * kept in minor units. Only the numbers a campaign of its type can have are offered (a discount
 * has no draws). Archived and closed campaigns show their goal without changing it.
 */
export function CampaignAimPage() {
  const { t, i18n } = useTranslation();
  const id = useSearchParams()[0].get('id');
  const detail = useCampaignDetail(id);
  // Any range: the goal's progress is over the campaign's whole life.
  const report = useCampaignReport(id, 'today');
  const [form] = Form.useForm<AimValues>();
  const metric = Form.useWatch('metric', form);
  const save = useApiMutation(campaignRoutes.aim, { invalidates: [campaignRoutes.detail, campaignRoutes.report, campaignRoutes.list] });
  const currency = report.data?.currency ?? '';
  const decimals = findCurrency(currency)?.decimals ?? 2;
  const campaign = detail.data;

  useEffect(() => {
    if (!campaign) return;
    const goal = campaign.goal;
    form.setFieldsValue(goal
      ? { metric: goal.metric, target: goal.metric === 'revenue' ? goal.target / 10 ** decimals : goal.target }
      : { metric: 'orders', target: null });
  }, [campaign, decimals, form]);

  if (!id || detail.isError) return <Alert type="error" showIcon title={t('campaigns.loadFailed')} data-testid="campaign-aim-missing" />;
  if (!campaign) return <PageLoading />;
  const locked = campaign.status === 'archived' || campaign.status === 'closed';
  const metrics = CAMPAIGN_GOAL_METRICS.filter((m) => numbersOf(campaign.type).includes(m));
  const goal = report.data?.goal ?? null;
  const show = (m: Metric, n: number) => (m === 'revenue' ? formatMoney(n, currency) : formatNumber(n, i18n.language));

  const submit = async (values: AimValues) => {
    const target = values.metric === 'revenue' ? Math.round((values.target ?? 0) * 10 ** decimals) : values.target ?? 0;
    await save.mutateAsync({ id, goal: { metric: values.metric, target } });
    toastSuccess(t('campaigns.aim.saved'));
  };
  const clear = async () => {
    await save.mutateAsync({ id, goal: null });
    toastSuccess(t('campaigns.aim.cleared'));
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }} data-testid="campaign-aim">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>{t('campaigns.aim.title', { name: campaign.name })}</Typography.Title>
        <Link to={`/custom/strategy-report?id=${id}`} data-testid="campaign-aim-report">{t('campaigns.aim.toReport')}</Link>
      </Flex>
      <Typography.Text type="secondary">{t('campaigns.aim.intro')}</Typography.Text>
      {locked && <Alert type="info" showIcon title={t('campaigns.aim.locked')} />}
      <Card size="small" title={t('campaigns.aim.progress')} data-testid="campaign-aim-progress">
        {goal ? (
          <Flex vertical gap={4}>
            <Typography.Text>
              {t('campaigns.aim.reached', { reached: show(goal.metric, goal.reached), target: show(goal.metric, goal.target), metric: t(`campaigns.aim.metrics.${goal.metric}`) })}
            </Typography.Text>
            <Progress percent={Math.min(100, Math.floor((goal.reached / goal.target) * 100))} status={goal.reached >= goal.target ? 'success' : 'active'} />
          </Flex>
        ) : <Typography.Text type="secondary">{t('campaigns.aim.none')}</Typography.Text>}
      </Card>
      <Card size="small" title={t('campaigns.aim.set')}>
        <Form<AimValues> form={form} layout="vertical" disabled={locked} onFinish={(v) => void submit(v).catch(() => undefined)}>
          <Form.Item name="metric" label={t('campaigns.aim.metric')}>
            <Radio.Group
              optionType="button"
              options={metrics.map((m) => ({ value: m, label: <span data-testid={`aim-${m}`}>{t(`campaigns.aim.metrics.${m}`)}</span> }))}
            />
          </Form.Item>
          <Form.Item
            name="target"
            label={metric === 'revenue' ? t('campaigns.aim.targetMoney', { currency }) : t('campaigns.aim.target')}
            rules={[{ required: true, type: 'number', min: metric === 'revenue' ? 1 / 10 ** decimals : 1, message: t('campaigns.aim.targetInvalid') }]}
          >
            <InputNumber
              min={0}
              precision={metric === 'revenue' ? decimals : 0}
              style={{ width: 220, maxWidth: '100%' }}
              data-testid="campaign-aim-target"
            />
          </Form.Item>
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="campaign-aim-save">{t('campaigns.aim.save')}</Button>
            {campaign.goal && <Button onClick={() => void clear().catch(() => undefined)} data-testid="campaign-aim-clear">{t('campaigns.aim.clear')}</Button>}
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
