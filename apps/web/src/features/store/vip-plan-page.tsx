import { effectiveLevel } from '@storecast/contract';
import { Alert, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { PageLoading } from '../../shared/ui/page-loading.tsx';
import { levelNameKey, useVipInfo } from '../billing/index.ts';

/** Membership of the store, read-only: buying and upgrading come in a later release. */
export function VipPlanPage() {
  const { t } = useTranslation();
  const { data, isPending } = useVipInfo();
  const timeZone = useSessionUser().data?.timezone;
  if (isPending) return <PageLoading />;
  if (!data) return null;

  const hasTerm = data.vip_service_level > 0 && data.current_end_at !== '';
  return (
    <>
      <Descriptions bordered column={{ xs: 1, md: 2 }} data-testid="vip-details" items={[
        { key: 'level', label: t('store.vip.level'), children: <Tag color="gold" data-testid="vip-level">{t(levelNameKey(effectiveLevel(data)))}</Tag> },
        { key: 'state', label: t('store.vip.state'), children: data.is_expire ? t('store.vip.expired') : t('store.vip.active') },
        { key: 'months', label: t('store.vip.months'), children: hasTerm ? data.current_month_number : '-' },
        { key: 'renew', label: t('store.vip.autoRenew'), children: data.is_auto_renew ? t('common.on') : t('common.off') },
        { key: 'begin', label: t('store.vip.begin'), children: hasTerm ? formatInZone(data.current_begin_at, timeZone) : '-' },
        { key: 'end', label: t('store.vip.end'), children: hasTerm ? formatInZone(data.current_end_at, timeZone) : '-' },
      ]} />
      <Alert type="info" showIcon title={t('store.vip.buyingLater')} style={{ marginTop: 16 }} />
    </>
  );
}
