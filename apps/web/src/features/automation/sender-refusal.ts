import type { TFunction } from 'i18next';
import { isApiError } from '../../shared/api/api-error.ts';

/**
 * Whether a refused switch was about the sender (e-mail or domain not verified), so the page can
 * offer the way to the sender page. The server answers in the admin's language, so its sentence
 * is compared with the same catalogue entry in that language.
 */
export function isSenderRefusal(error: unknown, t: TFunction): boolean {
  if (!isApiError(error)) return false;
  return error.message === t('errors.automation.senderEmailNotVerified')
    || error.message === t('errors.automation.senderDomainNotVerified');
}
