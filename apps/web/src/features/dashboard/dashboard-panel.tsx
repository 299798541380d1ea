import { findCurrency } from '@storecast/contract';
import { Card, Col, Descriptions, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/queries.ts';
import type { KeyUnder } from '../../shared/i18n/translation-key.ts';

type Section = 'goals' | 'overview' | 'liveview' | 'userAction';

/** The cards each dashboard page will fill once the store has sent something. */
const CARDS: Record<Section, readonly KeyUnder<'dashboard.cards'>[]> = {
  goals: ['revenueGoal', 'subscriberGoal'],
  overview: ['revenue', 'roi', 'subscriptions'],
  liveview: ['visitors', 'recentOrders'],
  userAction: ['opens', 'clicks', 'orders'],
};

/**
 * A dashboard page before any data exists: which store it is about, and empty cards that say
 * when numbers will appear. No made-up figures.
 */
export function DashboardPanel({ section }: { section: Section }) {
  const { t } = useTranslation();
  const user = useSessionUser().data;
  const currency = user ? findCurrency(user.currency) : undefined;
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }} data-testid="dashboard-store" items={[
        { key: 'store', label: t('dashboard.store'), children: <span data-testid="dashboard-store-name">{user?.shop}</span> },
        { key: 'currency', label: t('store.fields.currency'), children: currency ? `${currency.code} ${currency.symbol}` : user?.currency },
        { key: 'timezone', label: t('store.fields.timezone'), children: user?.timezone },
      ]} />
      <Row gutter={[16, 16]}>
        {CARDS[section].map((card) => (
          <Col xs={24} md={12} xl={24 / CARDS[section].length} key={card}>
            <Card title={t(`dashboard.cards.${card}`)} data-testid={`dashboard-card-${card}`}>
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.emptyData')} />
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
