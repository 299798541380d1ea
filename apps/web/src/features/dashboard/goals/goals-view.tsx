import { dashboardRoutes, findCurrency, formatMoney, type Goals } from '@storecast/contract';
import { Button, Card, Col, Form, InputNumber, List, Progress, Row, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toastSuccess } from '../../../shared/api/toast.ts';
import { useApiMutation, useApiQuery } from '../../../shared/api/use-api-query.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { goalPercent, toMajor, toMinor } from '../overview/overview-model.ts';
import { StoreHeader } from '../overview/store-header.tsx';

type GoalKey = 'revenue' | 'subscribers' | 'sends';
const KEYS: GoalKey[] = ['revenue', 'subscribers', 'sends'];

function ProgressCard({ data }: { data: Goals }) {
  const { t, i18n } = useTranslation();
  const show = (k: GoalKey, n: number) => (k === 'revenue' ? formatMoney(n, data.currency) : n.toLocaleString(i18n.language));
  return (
    <Card title={t('overview.goals.progress')} extra={t('overview.goals.pace', { passed: data.days_passed, total: data.days_in_month })}>
      {KEYS.map((k) => {
        const goal = data.goals[k];
        const behind = data.behind.includes(k);
        return (
          <div key={k} style={{ marginBottom: 16 }} data-testid={`goals-progress-${k}`}>
            <Row justify="space-between">
              <Typography.Text strong>{t(`overview.goals.${k}`)}</Typography.Text>
              {goal > 0 ? <Tag color={behind ? 'orange' : 'green'}>{t(behind ? 'overview.goals.behind' : 'overview.goals.onTrack')}</Tag> : null}
            </Row>
            {goal > 0 ? (
              <>
                <Progress percent={goalPercent(data.progress[k], goal)} status={behind ? 'exception' : 'active'} />
                <Typography.Text type="secondary">{t('overview.goals.of', { value: show(k, data.progress[k]), goal: show(k, goal) })}</Typography.Text>
              </>
            ) : <Typography.Text type="secondary">{t('overview.goals.notSet')}</Typography.Text>}
          </div>
        );
      })}
    </Card>
  );
}

function Advice({ data }: { data: Goals }) {
  const { t } = useTranslation();
  return (
    <Card title={t('overview.goals.recommendations')} data-testid="goals-advice">
      {data.recommendations.length === 0 ? <Typography.Text type="secondary">{t('overview.goals.noAdvice')}</Typography.Text> : (
        <List dataSource={data.recommendations} renderItem={(r) => (
          <List.Item actions={[<Link key="go" to={r.link} data-testid={`goals-advice-${r.key}`}>{t('overview.goals.go')}</Link>]}>
            {t(`overview.goals.advice.${r.key}`)}
          </List.Item>
        )} />
      )}
    </Card>
  );
}

interface FormValues { revenue: number | null; subscribers: number | null; sends: number | null }

/** /dashboard/goals: this month's goals, progress against the month's pace, and what to do when behind. */
export function GoalsView() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const q = useApiQuery(dashboardRoutes.goals);
  const data = q.data;
  const decimals = findCurrency(data?.currency ?? '')?.decimals ?? 2;
  const save = useApiMutation(dashboardRoutes.saveGoals, {
    invalidates: [dashboardRoutes.goals],
    onSuccess: () => toastSuccess(t('overview.goals.saved')),
  });
  useEffect(() => {
    if (data) form.setFieldsValue({ revenue: toMajor(data.goals.revenue, decimals), subscribers: data.goals.subscribers, sends: data.goals.sends });
  }, [data, decimals, form]);
  if (!data) return <><StoreHeader /><PageLoading /></>;
  const onFinish = (v: FormValues) => save.mutate({
    revenue: toMinor(v.revenue ?? 0, decimals), subscribers: v.subscribers ?? 0, sends: v.sends ?? 0,
  });
  return (
    <>
      <StoreHeader />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <Card title={t('overview.goals.month', { month: data.month.slice(0, 7) })}>
            <Form form={form} layout="vertical" onFinish={onFinish} data-testid="goals-form">
              <Form.Item name="revenue" label={t('overview.goals.revenue')}>
                <InputNumber min={0} max={1e10} precision={decimals} style={{ width: '100%' }}
                  addonBefore={findCurrency(data.currency)?.symbol} data-testid="goals-revenue" />
              </Form.Item>
              <Form.Item name="subscribers" label={t('overview.goals.subscribers')}>
                <InputNumber min={0} max={1e9} precision={0} style={{ width: '100%' }} data-testid="goals-subscribers" />
              </Form.Item>
              <Form.Item name="sends" label={t('overview.goals.sends')}>
                <InputNumber min={0} max={1e9} precision={0} style={{ width: '100%' }} data-testid="goals-sends" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="goals-save">{t('overview.goals.save')}</Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={8}><ProgressCard data={data} /></Col>
        <Col xs={24} xl={8}><Advice data={data} /></Col>
      </Row>
    </>
  );
}
