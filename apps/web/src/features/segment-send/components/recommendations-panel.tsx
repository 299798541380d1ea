import { strategyRoutes } from '@storecast/contract';
import { Card, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/use-api-query.ts';
import { formatNumber } from '../../../shared/format/format-date.ts';

/** The weekday's name in the admin's language; 0 is Sunday, as the server counts. */
function weekdayName(weekday: number, language: string): string {
  // 2023-01-01 was a Sunday: noon UTC keeps the date the same in every zone.
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + weekday, 12)));
}

/**
 * SPEC section 1's recommendations where a send is set up: the discount ceiling, how often to
 * mail each activity level (with how many subscribers it has) and the hour the store's own
 * subscribers open most, in the store's time zone, or that there are not enough opens yet.
 */
export function RecommendationsPanel() {
  const { t, i18n } = useTranslation();
  // Advice only: when it cannot be read the panel says nothing rather than raising an error toast.
  const rec = useApiQuery(strategyRoutes.recommendations, { quiet: true }, { staleTime: 60_000 });
  const data = rec.data;
  const best = data?.best_send_time;
  const hour = best ? `${String(best.hour).padStart(2, '0')}:00` : '';
  return (
    <Card title={t('segmentSend.recommendations.title')} style={{ marginBottom: 16 }} data-testid="send-recommendations">
      {rec.isError ? <Typography.Text type="secondary">-</Typography.Text> : !data ? <Skeleton active paragraph={{ rows: 3 }} /> : (
        <>
          <Typography.Paragraph data-testid="rec-discount" data-max={data.max_discount}>
            {t('segmentSend.recommendations.discount', { max: data.max_discount })}
          </Typography.Paragraph>
          <Typography.Paragraph data-testid="rec-best-time" data-known={!!best}>
            {best
              ? t('segmentSend.recommendations.bestTime', {
                  zone: data.timezone,
                  time: best.weekday === null ? hour : `${weekdayName(best.weekday, i18n.language)} ${hour}`,
                })
              : t('segmentSend.recommendations.notEnough', { min: data.min_opens })}
          </Typography.Paragraph>
          <Typography.Text strong>{t('segmentSend.recommendations.frequency')}</Typography.Text>
          <Table
            rowKey="level"
            size="small"
            pagination={false}
            style={{ marginTop: 8 }}
            dataSource={data.frequency}
            onRow={(r) => ({ 'data-testid': 'rec-frequency', 'data-level': r.level }) as object}
            columns={[
              { title: t('segmentSend.recommendations.level'), dataIndex: 'level' },
              { title: t('segmentSend.recommendations.subscribers'), dataIndex: 'subscribers', render: (v: number) => formatNumber(v, i18n.language) },
              {
                title: t('segmentSend.recommendations.perWeek'), key: 'per_week',
                render: (_, r) => t('segmentSend.recommendations.perWeekRange', { min: r.per_week_min, max: r.per_week_max }),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
