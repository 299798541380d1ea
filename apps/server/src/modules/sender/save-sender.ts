import {
  emailDomain, type Locale, type SenderFields,
} from '@storecast/contract';
import { registrableDomainOf, senderFitsHomepage } from './registrable-domain.ts';
import { senderDomains, senders, type ShopScope } from '@storecast/db';
import { eq, ne } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { homepageHost, readSender } from './read-sender-lists.ts';
import { sendVerificationMail } from './send-verification-mail.ts';

type Fields = { email: string; name: string };

/**
 * SPEC 5: the sender address must be on the homepage's domain. A mismatching address is refused
 * with the domain it should use, and nothing stored changes (the form keeps what was typed).
 */
async function assertHomepageDomain(deps: Deps, scope: ShopScope, email: string) {
  const host = await homepageHost(deps.dbh.db, scope);
  if (!senderFitsHomepage(email, host)) {
    throw new AppError('errors.sender.domainMismatch', 400, undefined, { domain: host ? registrableDomainOf(host) : '' });
  }
}

/**
 * Sets the store's sender: the first time it is stored with status "sent" and the verification
 * link is mailed; when the store already has one (another tab added it), this is an edit.
 * Returns whether a verification mail went out.
 */
export async function addSender(deps: Deps, scope: ShopScope, locale: Locale, input: SenderFields & Fields): Promise<boolean> {
  await assertHomepageDomain(deps, scope, input.email);
  // The unique shop_id decides between two tabs adding at once: the second becomes an edit.
  const [inserted] = await deps.dbh.db
    .insert(senders)
    .values(scope.values({ email: input.email, name: input.name, status: 'sent' as const }))
    .onConflictDoNothing({ target: senders.shopId })
    .returning({ id: senders.id });
  if (!inserted) return editSender(deps, scope, locale, input);
  await sendVerificationMail(deps, scope, locale);
  return true;
}

/**
 * Changes the sender. A new address starts verification over (status "sent", a new mail); a new
 * domain also drops the old domain's key and records. A name change alone keeps both.
 */
export async function editSender(deps: Deps, scope: ShopScope, locale: Locale, input: SenderFields & Fields): Promise<boolean> {
  await assertHomepageDomain(deps, scope, input.email);
  const db = deps.dbh.db;
  const current = await readSender(db, scope);
  if (!current) throw new AppError('errors.sender.none', 404);
  if (current.email === input.email) {
    await db.update(senders).set({ name: input.name }).where(scope.where(senders, eq(senders.id, current.id)));
    return false;
  }
  await db
    .update(senders)
    .set({ email: input.email, name: input.name, status: 'sent', tokenHash: null, tokenSentAt: null, tokenExpiresAt: null, verifiedAt: null })
    .where(scope.where(senders, eq(senders.id, current.id)));
  await db.delete(senderDomains).where(scope.where(senderDomains, ne(senderDomains.domain, emailDomain(input.email))));
  await sendVerificationMail(deps, scope, locale);
  return true;
}
