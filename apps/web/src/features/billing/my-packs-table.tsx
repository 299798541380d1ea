import { billingRoutes } from '@storecast/contract';
import { Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiQuery, useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { formatInZone, formatNumber } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';

/**
 * Every balance the store has (the starter volume, bought packs, granted volume): how much is
 * used and left, when each ends, and the auto-renewal of bought packs.
 */
export function MyPacksTable({ canChange }: { canChange: boolean }) {
  const { t, i18n } = useTranslation();
  const timeZone = useSessionUser().data?.timezone;
  const packs = useApiQuery(billingRoutes.renewList);
  const renew = useApiMutation(billingRoutes.changePackRenew, {
    invalidates: [billingRoutes.renewList],
    onSuccess: () => toastSuccess(t('billingPages.pricing.renewSaved')),
  });
  const n = (v: number) => formatNumber(v, i18n.language);

  return (
    <Table
      data-testid="my-packs"
      rowKey="id"
      size="small"
      loading={packs.isPending}
      dataSource={packs.data ?? []}
      onRow={(p) => ({ 'data-testid': 'my-pack', 'data-kind': p.kind } as React.HTMLAttributes<HTMLElement>)}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('billingPages.pricing.noPacks') }}
      columns={[
        { title: t('billingPages.pricing.name'), dataIndex: 'name' },
        { title: t('billingPages.pricing.total'), dataIndex: 'total', render: n },
        { title: t('billingPages.pricing.consumed'), key: 'consumed', render: (_, p) => n(p.total - p.remaining) },
        { title: t('billingPages.pricing.remaining'), dataIndex: 'remaining', render: (v: number) => <span data-testid="my-pack-remaining">{n(v)}</span> },
        {
          title: t('billingPages.pricing.expiresAt'), dataIndex: 'expired_at',
          render: (v: string) => <span data-testid="my-pack-expires">{formatInZone(v, timeZone)}</span>,
        },
        {
          title: t('billingPages.pricing.autoRenew'), key: 'renew',
          // The starter volume and granted volume are given, not bought: nothing to renew.
          render: (_, p) => p.kind !== 'purchase' ? <Typography.Text type="secondary">{t('billingPages.pricing.noRenew')}</Typography.Text> : (
            <Switch
              checked={p.is_auto_renew}
              disabled={!canChange}
              loading={renew.isPending && renew.variables?.id === p.id}
              onChange={(on) => renew.mutate({ id: p.id, is_auto_renew: on })}
              data-testid={`pack-renew-${p.id}`}
            />
          ),
        },
      ]}
    />
  );
}
