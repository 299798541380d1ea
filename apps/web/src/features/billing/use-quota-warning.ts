import { quotaExpiryWarning, type SendPackageData } from '@storecast/contract';
import { useTranslation } from 'react-i18next';

/**
 * SPEC section 8: the earliest-expiring package decides the warning. Days are counted in the
 * store's time zone, so "today" means the store's today.
 */
export function useQuotaWarning(data: SendPackageData | undefined, timeZone: string | undefined): string | null {
  const { t } = useTranslation();
  const first = data?.effective_send_package_log[0];
  if (!first) return null;
  const warning = quotaExpiryWarning(first.expired_at, new Date(), timeZone || 'UTC');
  if (!warning) return null;
  if (warning.kind === 'today') return t('billing.quota.expiresToday');
  return t('billing.quota.expiresInDays', { num: first.remainder_email_number, days: warning.days });
}
