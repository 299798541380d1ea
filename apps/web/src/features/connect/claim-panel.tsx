import { channelShopRoutes } from '@storecast/contract';
import { Button, Descriptions, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiMutation, useApiQuery } from '../../shared/api/use-api-query.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import { SyncProgress, useSyncStatus } from '../platform-link/index.ts';

type Phase = 'confirm' | 'claiming' | 'claimed';

/**
 * /connect/plat?claim=…, where the install sends the owner: the platform store's details, a
 * button that makes it their store (it becomes current), then the first sync until it ends and
 * the dashboard. A used or expired link says so, with a way back to choosing a platform.
 */
export function ClaimPanel({ claim }: { claim: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('confirm');
  // Not read again once claiming: the claim is spent, and the store switch refetches what is shown.
  const info = useApiQuery(channelShopRoutes.claimInfo, { query: { claim }, quiet: true }, { enabled: phase === 'confirm', retry: false });
  const connect = useApiMutation(channelShopRoutes.claim, {
    input: (body) => ({ body, quiet: true }),
    switchesStore: true,
    onMutate: () => setPhase('claiming'),
    onSuccess: () => setPhase('claimed'),
    onError: () => setPhase('confirm'),
  });
  const sync = useSyncStatus(phase === 'claimed');
  const toDashboard = () => void navigate('/dashboard', { replace: true });
  const finished = sync.data?.status === 'done';
  useEffect(() => {
    if (finished) toDashboard();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- navigate once, when the sync ends
  }, [finished]);

  const refusal = connect.error ?? info.error;
  if (phase === 'confirm' && refusal) {
    return (
      <Result
        status="warning"
        title={t('platformLink.claim.invalidTitle')}
        subTitle={<span data-testid="claim-error">{refusal.message}</span>}
        extra={<Button type="primary" onClick={() => void navigate('/connect/plat', { replace: true })} data-testid="claim-back">{t('platformLink.claim.back')}</Button>}
      />
    );
  }
  if (phase !== 'confirm') return <SyncProgress status={sync.data} onDone={toDashboard} />;
  if (!info.data) return <Spin />;
  const c = info.data;
  return (
    <div data-testid="claim-panel">
      <Typography.Title level={4}>{t('platformLink.claim.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('platformLink.claim.intro')}</Typography.Paragraph>
      {/* A store's domain is one long word: it wraps anywhere rather than widen the table past a phone's screen. */}
      <Descriptions column={1} bordered size="small" style={{ maxWidth: 560, marginBottom: 24 }} styles={{ content: { overflowWrap: 'anywhere' } }}>
        <Descriptions.Item label={t('platformLink.claim.platform')}>{t(`connect.platforms.${c.platform}`)}</Descriptions.Item>
        <Descriptions.Item label={t('platformLink.claim.name')}><span data-testid="claim-name">{c.name}</span></Descriptions.Item>
        <Descriptions.Item label={t('platformLink.claim.domain')}><span data-testid="claim-domain">{c.shop_domain}</span></Descriptions.Item>
        <Descriptions.Item label={t('platformLink.claim.currency')}>{c.currency}</Descriptions.Item>
        <Descriptions.Item label={t('platformLink.claim.timezone')}>{c.timezone}</Descriptions.Item>
        <Descriptions.Item label={t('platformLink.claim.expires')}>{formatInZone(c.expires_at, undefined)}</Descriptions.Item>
      </Descriptions>
      <Button type="primary" loading={connect.isPending} onClick={() => connect.mutate({ claim })} data-testid="claim-connect">
        {t('platformLink.claim.connect')}
      </Button>
    </div>
  );
}
