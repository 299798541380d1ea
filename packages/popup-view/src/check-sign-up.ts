import type { PopupContent } from '@storecast/contract';
import type { MessageKey } from './messages.ts';

export type FieldName = 'email' | 'phone' | 'consent' | 'form';

/**
 * The checks the form makes before it asks the server, so a typo is answered at once in the
 * shopper's language; the server checks again and its answer wins.
 */
export function checkSignUp(
  fields: PopupContent['fields'],
  values: { email?: string; phone?: string; consent: boolean },
): Partial<Record<FieldName, MessageKey>> {
  const errors: Partial<Record<FieldName, MessageKey>> = {};
  const email = (values.email ?? '').trim();
  const phone = (values.phone ?? '').trim();
  const wantsEmail = fields !== 'phone';
  const wantsPhone = fields !== 'email';
  if (wantsEmail && email && !/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)) errors.email = 'emailInvalid';
  if (wantsPhone && phone) {
    const digits = phone.replace(/\D/g, '').length;
    if (!/^\+?[\d\s().-]+$/.test(phone) || digits < 6 || digits > 15) errors.phone = 'phoneInvalid';
  }
  if (fields === 'email' && !email) errors.email = 'emailRequired';
  if (fields === 'phone' && !phone) errors.phone = 'phoneRequired';
  // Both asked for: either one is enough to subscribe.
  if (fields === 'email_phone' && !email && !phone) errors.email = 'contactRequired';
  if (!values.consent) errors.consent = 'consentRequired';
  return errors;
}
