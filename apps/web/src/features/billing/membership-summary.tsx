import { billingRoutes, effectiveLevel } from '@storecast/contract';
import { Descriptions, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { levelNameKey, termLabel } from './level-name.ts';
import { useVipInfo } from './queries.ts';

/** The store's membership: level, term, its dates and state, and auto-renewal of a paid term. */
export function MembershipSummary({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const { data } = useVipInfo();
  const timeZone = useSessionUser().data?.timezone;
  const renew = useApiMutation(billingRoutes.changeVipRenew, {
    invalidates: [billingRoutes.vipInfo],
    onSuccess: () => toastSuccess(t('billingPages.vip.renewSaved')),
  });
  if (!data) return null;

  const paid = data.vip_service_level > 0 && data.current_end_at !== '';
  const level = effectiveLevel(data);
  return (
    <Descriptions
      bordered
      size="small"
      title={t('billingPages.vip.current')}
      column={{ xs: 1, md: 2 }}
      data-testid="vip-details"
      items={[
        { key: 'level', label: t('billingPages.vip.level'), children: <Tag color={level > 0 ? 'gold' : 'default'} data-testid="vip-level">{t(levelNameKey(level))}</Tag> },
        {
          key: 'state', label: t('billingPages.vip.state'),
          children: paid ? <span data-testid="vip-state">{data.is_expire ? t('billingPages.vip.expired') : t('billingPages.vip.active')}</span> : '-',
        },
        { key: 'term', label: t('billingPages.vip.term'), children: paid ? <span data-testid="vip-term">{termLabel(t, data.current_month_number)}</span> : '-' },
        {
          key: 'renew', label: t('billingPages.vip.autoRenew'),
          children: paid ? (
            <Switch
              checked={data.is_auto_renew}
              disabled={!canChange || data.is_expire}
              loading={renew.isPending}
              onChange={(on) => renew.mutate({ is_auto_renew: on })}
              data-testid="vip-renew"
            />
          ) : '-',
        },
        { key: 'begin', label: t('billingPages.vip.begin'), children: paid ? formatInZone(data.current_begin_at, timeZone) : '-' },
        { key: 'end', label: t('billingPages.vip.end'), children: paid ? formatInZone(data.current_end_at, timeZone) : '-' },
      ]}
    />
  );
}
