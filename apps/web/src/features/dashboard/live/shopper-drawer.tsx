import { formatMoney, liveviewRoutes } from '@storecast/contract';
import { Descriptions, Drawer, List, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query.ts';
import { formatInZone } from '../../../shared/format/format-date.ts';
import { FeedLine } from './feed-line.tsx';

export interface ShopperRef {
  subscriber_id: string | null;
  visitor_id: string | null;
}

/** A shopper's profile (/people/ukey-info) beside the action list. */
export function ShopperDrawer({ shopper, timeZone, onClose }: { shopper: ShopperRef | null; timeZone: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const query = shopper?.subscriber_id ? { subscriber_id: shopper.subscriber_id } : { visitor_id: shopper?.visitor_id ?? '' };
  const { data, isLoading } = useApiQuery(liveviewRoutes.ukeyInfo, { query }, { enabled: shopper !== null });
  const status = data?.status ?? 'none';
  return (
    <Drawer open={shopper !== null} onClose={onClose} title={t('liveview.profile.title')} width={480} data-testid="shopper-drawer">
      {isLoading || !data ? <Skeleton active /> : (
        <>
          <Descriptions column={1} size="small" bordered items={[
            { key: 'email', label: t('liveview.profile.email'), children: <span data-testid="profile-email">{data.email ?? t('liveview.anonymous')}</span> },
            { key: 'name', label: t('liveview.profile.name'), children: `${data.first_name} ${data.last_name}`.trim() || '-' },
            { key: 'phone', label: t('liveview.profile.phone'), children: data.phone ?? '-' },
            { key: 'status', label: t('liveview.profile.status'), children: t(`liveview.profile.statuses.${status as 'none'}`, { defaultValue: status }) },
            { key: 'level', label: t('liveview.profile.level'), children: data.activity_level ? <Tag data-testid="profile-level">{data.activity_level}</Tag> : '-' },
            { key: 'orders', label: t('liveview.profile.orders'), children: <span data-testid="profile-orders">{data.order_count}</span> },
            { key: 'spent', label: t('liveview.profile.spent'), children: formatMoney(data.total_spent, data.currency) },
            { key: 'lastOrder', label: t('liveview.profile.lastOrder'), children: formatInZone(data.last_order_at ?? undefined, timeZone) },
            { key: 'firstSeen', label: t('liveview.profile.firstSeen'), children: formatInZone(data.first_seen_at ?? undefined, timeZone) },
            {
              key: 'consent', label: t('liveview.profile.consent'),
              children: data.consent
                ? t('liveview.profile.consentFrom', { source: data.consent.popup_name ?? data.consent.source, at: formatInZone(data.consent.at, timeZone) })
                : t('liveview.profile.noConsent'),
            },
            ...(data.visitor_id ? [{ key: 'visitor', label: t('liveview.profile.visitor'), children: data.visitor_id }] : []),
          ]} />
          <List
            style={{ marginTop: 16 }}
            size="small"
            header={t('liveview.profile.recent')}
            dataSource={data.recent}
            rowKey="key"
            renderItem={(a) => <List.Item><FeedLine line={{ ...a, at: a.occurred_at }} timeZone={timeZone} /></List.Item>}
          />
        </>
      )}
    </Drawer>
  );
}
