import { isEmailAddress } from '@storecast/contract';
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

/** The period a draw counts in: the campaign's whole life, a UTC day, or an ISO week (from its Monday). */
export function periodKey(period: string, now: Date): string {
  if (period === 'day') return now.toISOString().slice(0, 10);
  if (period === 'week') {
    const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)));
    return `w:${monday.toISOString().slice(0, 10)}`;
  }
  return 'once';
}
