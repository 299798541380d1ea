import { PLATFORM_SYNC_STAGES, type PlatformSyncStatusData } from '@storecast/contract';
import { Alert, Button, Progress, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** "about 3 min" or "40 s": whole minutes once it is a minute or more. */
export function useDuration() {
  const { t } = useTranslation();
  return (seconds: number) => (seconds >= 60
    ? t('platformLink.sync.minutes', { count: Math.ceil(seconds / 60) })
    : t('platformLink.sync.seconds', { count: Math.max(1, seconds) }));
}

/** Percent done; an estimate can lag behind what was written, so it never passes 99 before the end. */
export function syncPercent(s: PlatformSyncStatusData | null | undefined): number {
  if (!s) return 0;
  if (s.status === 'done') return 100;
  if (s.estimated <= 0) return 0;
  return Math.min(99, Math.floor((s.done / s.estimated) * 100));
}

/**
 * The first sync as the owner watches it: the stage (customers, products, orders), records
 * written of the estimate, the time left at the pace so far, and a progress bar.
 */
export function SyncProgress({ status, onDone }: { status: PlatformSyncStatusData | null | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const stage = status ? PLATFORM_SYNC_STAGES.indexOf(status.stage) : 0;
  const failed = status?.status === 'failed';
  const done = status?.status === 'done';
  return (
    <div data-testid="sync-progress" data-status={status?.status ?? 'waiting'}>
      <Typography.Title level={4}>{t('platformLink.sync.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('platformLink.sync.intro')}</Typography.Paragraph>
      <Steps
        size="small"
        current={done ? PLATFORM_SYNC_STAGES.length : stage}
        status={failed ? 'error' : undefined}
        items={PLATFORM_SYNC_STAGES.map((s) => ({ title: t(`platformLink.sync.stages.${s}`) }))}
        style={{ marginBottom: 16 }}
      />
      <Progress percent={syncPercent(status)} status={failed ? 'exception' : done ? 'success' : 'active'} data-testid="sync-bar" />
      {!status || status.status === 'queued' ? (
        <Typography.Paragraph type="secondary">{t('platformLink.sync.waiting')}</Typography.Paragraph>
      ) : (
        <Typography.Paragraph data-testid="sync-counts">
          {/* Shoplazza's and Shopline's lists give no count: no estimate until a stage ends, so no "of about 0". */}
          {status.estimated > 0
            ? t('platformLink.sync.counts', { done: status.done.toLocaleString(), estimated: Math.max(status.estimated, status.done).toLocaleString() })
            : t('platformLink.sync.countsOnly', { done: status.done.toLocaleString() })}
          {status.status === 'running' && (
            // One piece: on a phone it goes to the next line whole rather than break mid-phrase.
            <Typography.Text type="secondary" style={{ marginInlineStart: 12, display: 'inline-block' }} data-testid="sync-eta">
              {status.eta_seconds === null ? t('platformLink.sync.etaUnknown') : t('platformLink.sync.eta', { time: duration(status.eta_seconds) })}
            </Typography.Text>
          )}
        </Typography.Paragraph>
      )}
      {done && <Typography.Paragraph type="success" data-testid="sync-done">{t('platformLink.sync.done')}</Typography.Paragraph>}
      {failed && (
        <Alert
          type="error"
          showIcon
          title={t('platformLink.sync.failed')}
          description={status.error}
          action={<Button onClick={onDone} data-testid="sync-to-dashboard">{t('platformLink.sync.toDashboard')}</Button>}
        />
      )}
    </div>
  );
}
