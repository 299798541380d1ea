import { addDays, isEmailAddress, localDay } from '@storecast/contract';
import { FieldError } from '../../http/app-error.ts';
import { normaliseEmail, normalisePhone } from './normalise-identity.ts';

interface Shopper { visitor_id: string; email?: string; phone?: string }

/**
 * The keys a draw uses up: the visitor id always, and the normalised e-mail and phone when given.
 * The identity the owner chose must be there; any other one given counts too, so a shopper who
 * cleared storage (a new visitor id) but types the same address is the same shopper. Sorted, so
 * two transactions claiming overlapping keys take their locks in one order.
 */
export function claimKeys(identity: string, s: Shopper): string[] {
  const keys = [`v:${s.visitor_id}`];
  const email = s.email ? s.email : '';
  const phone = s.phone ? s.phone : '';
  if (email !== '') {
    const normal = isEmailAddress(email.toLowerCase()) ? normaliseEmail(email) : null;
    if (!normal) throw new FieldError('email', 'errors.storefront.emailInvalid');
    keys.push(`e:${normal}`);
  }
  if (phone !== '') {
    const normal = normalisePhone(phone);
    if (!normal) throw new FieldError('phone', 'errors.storefront.phoneInvalid');
    keys.push(`p:${normal}`);
  }
  if ((identity === 'email' && email === '') || (identity === 'phone' && phone === '')) {
    throw new FieldError(identity, 'errors.campaign.identityRequired');
  }
  return keys.sort();
}

/**
 * The period a draw counts in: the campaign's whole life, a day, or a week from its Monday, by the
 * store's clock. A shop in Shanghai that promises "one spin a day" means its shoppers' day, which
 * starts eight hours before UTC's.
 */
export function periodKey(period: string, now: Date, timeZone: string): string {
  if (period === 'once') return 'once';
  const day = localDay(now, timeZone);
  if (period === 'day') return day;
  // 0 on a Monday ... 6 on a Sunday; a calendar date, so DST changes cannot shift it.
  const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return `w:${addDays(day, -sinceMonday)}`;
}
