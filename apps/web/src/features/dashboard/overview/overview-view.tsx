import { DATE_RANGE_KEYS, type DateRangeKey, findCurrency, formatMoney, type Overview, dashboardRoutes } from '@storecast/contract';
import { Alert, Card, Col, Empty, List, Row, Segmented, Statistic, Table, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '../../../shared/api/use-api-query.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { buildCards, type CardModel, formatChange, formatRate } from './overview-model.ts';
import { StoreHeader } from './store-header.tsx';

// echarts loads only when the charts are on screen.
const RevenueChart = lazy(() => import('./overview-charts.tsx').then((m) => ({ default: m.RevenueChart })));
const SendsChart = lazy(() => import('./overview-charts.tsx').then((m) => ({ default: m.SendsChart })));

function ChangeLine({ card }: { card: CardModel }) {
  const { t, i18n } = useTranslation();
  if (card.change.kind === 'same') return <Typography.Text type="secondary">{t('overview.noChange')}</Typography.Text>;
  if (card.change.kind === 'new') return <Typography.Text type="secondary">{t('overview.newInPeriod')}</Typography.Text>;
  const good = card.change.value > 0 === card.upIsGood;
  return (
    <Typography.Text type={good ? 'success' : 'danger'} data-testid={`overview-change-${card.key}`}>
      {t('overview.change', { value: formatChange(card.change.value, i18n.language) })}
    </Typography.Text>
  );
}

function Cards({ data }: { data: Overview }) {
  const { t, i18n } = useTranslation();
  const cards = buildCards(data.totals, data.previous_totals, data.currency, i18n.language);
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col xs={12} md={8} xl={card.key === 'revenue' || card.key === 'roi' || card.key === 'orders' ? 8 : 4} key={card.key}>
          <Card size="small" data-testid={`overview-card-${card.key}`}>
            <Statistic
              title={t(`overview.cards.${card.key}`)}
              value={card.value ?? t('overview.roiNone')}
              valueRender={() => <span data-testid={`overview-value-${card.key}`}>{card.value ?? t('overview.roiNone')}</span>}
            />
            <ChangeLine card={card} />
            {card.key === 'roi' && (
              <div><Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('overview.roiHint', { price: formatMoney(Math.round(data.unit_price * 1000), data.currency) })}
              </Typography.Text></div>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function Breakdown({ data }: { data: Overview }) {
  const { t, i18n } = useTranslation();
  const money = (n: number) => formatMoney(n, data.currency);
  const rate = (n: number) => formatRate(n, i18n.language);
  const columns = [
    { key: 'name', title: t('overview.breakdown.name'), dataIndex: 'name' },
    { key: 'sent', title: t('overview.cards.sent'), dataIndex: 'sent', render: (n: number) => n.toLocaleString(i18n.language) },
    { key: 'open', title: t('overview.cards.openRate'), dataIndex: 'open_rate', render: rate },
    { key: 'click', title: t('overview.cards.clickRate'), dataIndex: 'click_rate', render: rate },
    { key: 'orders', title: t('overview.cards.orders'), dataIndex: 'orders', render: (n: number) => n.toLocaleString(i18n.language) },
    { key: 'revenue', title: t('overview.cards.revenue'), dataIndex: 'revenue', render: money },
  ];
  const sourceName = (s: string) => (s === 'segment' || s === 'element' || s === 'flow' ? t(`overview.breakdown.sources.${s}`) : s);
  // Six columns are wider than a phone: the table scrolls sideways inside its card, not the page.
  const scroll = { x: 'max-content' } as const;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t('overview.breakdown.byChannel')} size="small">
          <Table size="small" pagination={false} rowKey="name" columns={columns} scroll={scroll} data-testid="overview-by-channel"
            dataSource={data.by_channel.map((c) => ({ ...c, name: t(`overview.breakdown.channels.${c.channel}`) }))} />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('overview.breakdown.bySource')} size="small">
          <Table size="small" pagination={false} rowKey="name" columns={columns} scroll={scroll} data-testid="overview-by-source"
            dataSource={data.by_source.map((c) => ({ ...c, name: sourceName(c.source) }))} />
        </Card>
      </Col>
    </Row>
  );
}

/** What to do first when there is nothing to count. */
function EmptyGuide() {
  const { t } = useTranslation();
  const steps = [
    { key: 'script', to: '/popup', link: t('overview.empty.scriptLink') },
    { key: 'orders', to: '/store/api-token', link: t('overview.empty.ordersLink') },
    { key: 'send', to: '/tags', link: t('overview.empty.sendLink') },
  ] as const;
  return (
    <Card data-testid="overview-empty">
      <Empty description={t('overview.empty.title')}>
        <Typography.Paragraph>{t('overview.empty.intro')}</Typography.Paragraph>
        <List size="small" style={{ maxWidth: 640, margin: '0 auto', textAlign: 'left' }} dataSource={[...steps]} renderItem={(s, i) => (
          <List.Item actions={[<Link key="go" to={s.to} data-testid={`overview-empty-${s.key}`}>{s.link}</Link>]}>
            {i + 1}. {t(`overview.empty.${s.key}`)}
          </List.Item>
        )} />
      </Empty>
    </Card>
  );
}

/** /dashboard/overview: marketing revenue, ROI, subscriptions and sends of a range against the period before. */
export function OverviewView() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRangeKey>('last_30_days');
  const q = useApiQuery(dashboardRoutes.overview, { query: { range } }, { placeholderData: keepPreviousData });
  const data = q.data;
  const decimals = findCurrency(data?.currency ?? '')?.decimals ?? 2;
  return (
    <>
      <StoreHeader />
      <Row justify="space-between" align="middle" gutter={[8, 8]} style={{ marginBottom: 16 }}>
        {/* Eight ranges are wider than a phone: they scroll sideways inside the page, not the page. */}
        <Col style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Segmented<DateRangeKey> data-testid="overview-range" value={range} onChange={setRange}
            options={DATE_RANGE_KEYS.map((k) => ({ value: k, label: <span data-testid={`overview-range-${k}`}>{t(`common.ranges.${k}`)}</span> }))} />
        </Col>
        {data && (
          <Col>
            <Typography.Text data-testid="overview-period">{t('overview.period', { start: data.range.start, end: data.range.end })}</Typography.Text>{' '}
            <Typography.Text type="secondary">{t('overview.comparedWith', { start: data.previous.start, end: data.previous.end })}</Typography.Text>
          </Col>
        )}
      </Row>
      {/* Every paid order of the store, marketing or not: what a platform's order webhooks add. */}
      {data && (
        <Typography.Paragraph type="secondary" data-testid="overview-store-orders" data-orders={data.totals.store_orders}>
          {t('overview.storeOrders', { orders: data.totals.store_orders.toLocaleString(), revenue: formatMoney(data.totals.store_revenue, data.currency) })}
        </Typography.Paragraph>
      )}
      {q.isError && <Alert type="error" showIcon message={q.error.message} />}
      {!data ? <PageLoading /> : data.empty ? <EmptyGuide /> : (
        <>
          <Cards data={data} />
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} xl={12}>
              <Card title={t('overview.charts.revenue')} size="small">
                <Suspense fallback={<PageLoading />}><RevenueChart key={data.range.key} days={data.series} decimals={decimals} /></Suspense>
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title={t('overview.charts.sends')} size="small">
                <Suspense fallback={<PageLoading />}><SendsChart key={data.range.key} days={data.series} /></Suspense>
              </Card>
            </Col>
          </Row>
          <div style={{ marginTop: 16 }}><Breakdown data={data} /></div>
        </>
      )}
    </>
  );
}
