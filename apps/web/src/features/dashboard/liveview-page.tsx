import { LIVE_COUNTERS } from '@storecast/contract';
import { Badge, Card, Col, Empty, List, Row, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/queries.ts';
import { FeedLine } from './live/feed-line.tsx';
import { withLiveviewStrings } from './live/load-liveview-strings.ts';
import { useLiveStream } from './live/use-live-stream.ts';

const BADGE = { connecting: 'processing', live: 'success', reconnecting: 'warning', refused: 'error' } as const;

/**
 * /dashboard/liveview: the last 30 minutes' counters and what shoppers do now, pushed by the
 * server over one stream (no polling from the browser); it reconnects by itself after a drop.
 */
function Liveview() {
  const { t } = useTranslation();
  const tz = useSessionUser().data?.timezone;
  const live = useLiveStream();
  return (
    <>
      <Space style={{ marginBottom: 16 }} align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>{t('liveview.title')}</Typography.Title>
        <Badge status={BADGE[live.status]} text={<span data-testid="live-status" data-status={live.status}>{t(`liveview.status.${live.status}`)}</span>} />
        {live.error && <Typography.Text type="danger" data-testid="live-error">{live.error}</Typography.Text>}
      </Space>
      <Row gutter={[16, 16]}>
        {LIVE_COUNTERS.map((c) => (
          <Col xs={12} md={8} xl={24 / 5} key={c} style={{ flex: '1 1 0' }}>
            <Card size="small">
              <Statistic title={t(`liveview.counters.${c}`)} value={live.counts[c]} valueRender={(v) => <span data-testid={`live-count-${c}`}>{v}</span>} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('liveview.window')}</Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={t('liveview.feedTitle')} style={{ marginTop: 16 }} size="small">
        {live.feed.length === 0
          ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('liveview.feedEmpty')} />
          : (
              <List
                size="small"
                data-testid="live-feed"
                dataSource={live.feed}
                rowKey="key"
                renderItem={(item) => <List.Item data-testid="live-feed-item" data-type={item.type}><FeedLine line={item} timeZone={tz} /></List.Item>}
              />
            )}
      </Card>
    </>
  );
}

export const LiveviewPage = withLiveviewStrings(Liveview);
