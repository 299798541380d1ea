import {
  EMAIL_MAX, isEmailAddress, isUuid, MOBILE_RE, popupConditionsSchema, popupContentSchema, type PopupContent, type ShopperLanguage,
} from '@storecast/contract';
import { type Db, popups } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { FieldError, notFound } from '../../http/app-error.ts';
import type { StorefrontStore } from '../../http/route-access.ts';
import { decoyCoupon } from './decoy-coupon.ts';
import { type RevealedCoupon, revealCoupon } from './reveal-coupon.ts';
import { recordSignUp, type SignUp } from './record-sign-up.ts';
import { startConfirmation } from './start-confirmation.ts';

export interface SubscribeInput {
  popup_id: string;
  visitor_id: string;
  email?: string;
  phone?: string;
  consent: boolean;
  language: ShopperLanguage;
  page_url: string;
  website: string;
}

/**
 * A shopper's sign-up through a pop-up of the key's store. The pop-up must be switched on and in
 * its schedule; the fields it asks for decide what is required (both: at least one of them);
 * consent must be ticked. A filled honeypot is answered as a success would be, with a decoy
 * in place of the coupon's code, and writes nothing. With double opt-in nobody is subscribed
 * yet: a confirmation mail goes out and the coupon is shown on the page its link opens.
 */
export async function subscribeShopper(
  deps: Deps, store: StorefrontStore, input: SubscribeInput, req: FastifyRequest,
): Promise<{ status: 'subscribed' | 'confirm'; coupon: RevealedCoupon | null }> {
  const db = deps.dbh.db;
  const { scope } = store;
  const popup = await livePopup(db, store, input.popup_id);
  const { email, phone } = contactOf(popup.content, input);
  if (!input.consent) throw invalidField('consent', 'errors.storefront.consentRequired');
  const confirmFirst = popup.doubleOptIn && email !== null;
  const coupon = confirmFirst ? null : await revealCoupon(db, scope, popup.content.coupon_preset_id);
  if (input.website.trim() !== '') {
    return { status: confirmFirst ? 'confirm' : 'subscribed', coupon: coupon && await decoyCoupon(db, scope, coupon) };
  }
  const signUp: SignUp = {
    popupId: popup.id, popupName: popup.name, visitorId: input.visitor_id, email, phone, language: input.language,
    wording: popup.content.texts[input.language].consent, ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500), pageUrl: input.page_url, confirmedAt: null,
  };
  if (confirmFirst) {
    await startConfirmation(deps, store, signUp, req.log);
    return { status: 'confirm', coupon: null };
  }
  await recordSignUp(db, scope, signUp);
  return { status: 'subscribed', coupon };
}

/** The pop-up, if it is the store's, switched on and within its schedule. */
async function livePopup(db: Db, store: StorefrontStore, id: string) {
  const gone = () => notFound('errors.storefront.popupUnavailable');
  if (!isUuid(id)) throw gone();
  const [row] = await db.select().from(popups).where(store.scope.where(popups, eq(popups.id, id)));
  if (!row || !row.enabled) throw gone();
  const content = popupContentSchema.safeParse(row.content);
  const conditions = popupConditionsSchema.safeParse(row.conditions);
  if (!content.success || !conditions.success) throw gone();
  const { start_at, end_at } = conditions.data.schedule;
  const now = Date.now();
  if ((start_at && new Date(start_at).getTime() > now) || (end_at && new Date(end_at).getTime() <= now)) throw gone();
  return { id: row.id, name: row.name, doubleOptIn: row.doubleOptIn, content: content.data };
}

/**
 * The e-mail and phone the form asked for, normalised (lower-case e-mail, phone without spaces
 * and dashes) and checked; fields the pop-up does not ask for are ignored.
 */
function contactOf(content: PopupContent, input: SubscribeInput): { email: string | null; phone: string | null } {
  const wantsEmail = content.fields !== 'phone';
  const wantsPhone = content.fields !== 'email';
  const emailIn = wantsEmail ? (input.email ?? '').trim().toLowerCase() : '';
  const phoneIn = wantsPhone ? (input.phone ?? '').trim().replace(/[\s-]/g, '') : '';
  if (content.fields === 'email' && !emailIn) throw invalidField('email', 'errors.storefront.emailRequired');
  if (content.fields === 'phone' && !phoneIn) throw invalidField('phone', 'errors.storefront.phoneRequired');
  if (content.fields === 'email_phone' && !emailIn && !phoneIn) throw invalidField('email', 'errors.storefront.contactRequired');
  if (emailIn && (emailIn.length > EMAIL_MAX || !isEmailAddress(emailIn))) throw invalidField('email', 'errors.storefront.emailInvalid');
  if (phoneIn && !MOBILE_RE.test(phoneIn)) throw invalidField('phone', 'errors.storefront.phoneInvalid');
  return { email: emailIn || null, phone: phoneIn || null };
}

/** A refused field of the form, named in `data.fields` so the script can mark it. */
const invalidField = (field: string, key: string) => new FieldError(field, key);
