import { formatMoney } from '@storecast/contract';
import { Descriptions, Drawer, Empty, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { LevelWithHelp } from './activity-level.tsx';
import { ConsentHistory } from './consent-history.tsx';
import { useSubscriber } from './queries.ts';
import { sourceLabel } from './source-label.ts';

/** One subscriber: who they are, how they agreed to mail, what they bought and did. */
export function SubscriberDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useSessionUser();
  const { data: s, isPending } = useSubscriber(id);
  const tz = user?.timezone;
  const when = (iso: string | null | undefined) => formatInZone(iso ?? undefined, tz);
  const money = (minor: number, currency?: string) => formatMoney(minor, currency ?? user?.currency ?? 'USD');

  return (
    <Drawer open={id !== null} onClose={onClose} size={560} title={t('emailList.detail.title')} destroyOnHidden data-testid="subscriber-drawer">
      {isPending || !s ? <PageLoading /> : (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered items={[
            { key: 'email', label: t('emailList.fields.email'), children: <span data-testid="detail-email">{s.email ?? '-'}</span> },
            { key: 'phone', label: t('emailList.fields.phone'), children: s.phone ?? '-' },
            { key: 'name', label: t('emailList.fields.name'), children: `${s.first_name} ${s.last_name}`.trim() || '-' },
            { key: 'status', label: t('emailList.fields.status'), children: t(`emailList.status.${s.status}`) },
            { key: 'source', label: t('emailList.fields.source'), children: <span data-testid="detail-source">{sourceLabel(t, s)}</span> },
            { key: 'subscribed', label: t('emailList.fields.subscribedAt'), children: when(s.subscribed_at) },
            { key: 'level', label: t('emailList.fields.level'), children: <LevelWithHelp level={s.activity_level} /> },
            { key: 'tags', label: t('emailList.fields.tags'), children: s.tags.length ? s.tags.map((tag) => <Tag key={tag.id}>{tag.name}</Tag>) : '-' },
            {
              key: 'consent', label: t('emailList.detail.consent'),
              children: s.consent
                ? [s.consent.source, when(s.consent.at), s.consent.ip, s.consent.file].filter(Boolean).join(' · ')
                : '-',
            },
            {
              key: 'sms', label: t('emailList.fields.sms'),
              children: (
                <span data-testid="detail-sms">
                  {[s.sms_status ? t(`emailList.sms.${s.sms_status}`) : t('emailList.sms.none'), s.sms_consent?.source, when(s.sms_consent?.at ?? null)]
                    .filter((v) => v && v !== '-').join(' · ')}
                </span>
              ),
            },
            { key: 'orders', label: t('emailList.detail.orderCount'), children: s.order_count },
            { key: 'spent', label: t('emailList.detail.totalSpent'), children: money(s.total_spent) },
            { key: 'last', label: t('emailList.detail.lastOrder'), children: when(s.last_order_at) },
          ]} />

          <div>
            <Typography.Title level={5}>{t('emailList.detail.consentHistory')}</Typography.Title>
            <ConsentHistory events={s.consent_history} when={when} />
          </div>

          <div>
            <Typography.Title level={5}>{t('emailList.detail.attributes')}</Typography.Title>
            {Object.keys(s.attributes).length === 0 ? <Typography.Text type="secondary">-</Typography.Text> : (
              <Descriptions column={1} size="small" items={Object.entries(s.attributes).map(([k, v]) => ({ key: k, label: k, children: String(v) }))} />
            )}
          </div>

          <div>
            <Typography.Title level={5}>{t('emailList.detail.orders')}</Typography.Title>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={s.orders}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
              columns={[
                { title: t('emailList.detail.orderId'), dataIndex: 'id' },
                { title: t('emailList.detail.placedAt'), dataIndex: 'placed_at', render: (v: string) => when(v) },
                { title: t('emailList.detail.items'), dataIndex: 'items' },
                { title: t('emailList.detail.total'), key: 'total', render: (_, o) => money(o.total, o.currency) },
              ]}
            />
          </div>

          <div>
            <Typography.Title level={5}>{t('emailList.detail.timeline')}</Typography.Title>
            {s.events.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
              <Timeline
                data-testid="detail-timeline"
                items={s.events.map((e, i) => ({
                  key: i,
                  title: when(e.occurred_at),
                  content: `${t(`emailList.events.${e.type}`, { defaultValue: e.type })}${e.subject ? ` · ${e.subject}` : ''}`,
                }))}
              />
            )}
          </div>
        </Space>
      )}
    </Drawer>
  );
}
