import { findCurrency } from '@storecast/contract';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/queries.ts';
import { MissingScopesAlert, NotAuthorizedAlert } from '../../platform-link/index.ts';

/**
 * Which store the numbers are about, in which currency and time zone (ranges are its days), and,
 * when its platform link was revoked or uninstalled, that it is not authorised (SPEC section 4), or
 * when its token lacks scopes the app asks for now, what that costs.
 */
export function StoreHeader() {
  const { t } = useTranslation();
  const user = useSessionUser().data;
  const currency = user ? findCurrency(user.currency) : undefined;
  return (
    <>
      <NotAuthorizedAlert />
      <MissingScopesAlert />
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }} data-testid="dashboard-store" items={[
        { key: 'store', label: t('dashboard.store'), children: <span data-testid="dashboard-store-name">{user?.shop}</span> },
        { key: 'currency', label: t('store.fields.currency'), children: currency ? `${currency.code} ${currency.symbol}` : user?.currency },
        { key: 'timezone', label: t('store.fields.timezone'), children: user?.timezone },
      ]} />
    </>
  );
}
