import type { Deps } from '../../deps.ts';
import type { OutgoingMail } from '../../messaging/mail-sender.ts';
import type { EmailPlan } from './delivery-source.ts';
import { signDeliveryTokens } from './tracking-token.ts';
import { UNSUBSCRIBE_LOCAL_PART, verpAddress } from './verp-address.ts';

/** A claimed delivery and the personal values its mail is rendered with. */
export interface ClaimedDelivery {
  id: number;
  email: string;
  attempts: number;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  /** Which of the send's e-mails this recipient gets (an Element Send's product slot); absent for one-e-mail sends. */
  variant?: number | null;
}

/** One recipient's mail: personalised content, tracked links, RFC 8058 headers, DKIM. */
export function buildMail(deps: Deps, plan: EmailPlan, secret: Buffer, d: ClaimedDelivery): OutgoingMail {
  const tokens = signDeliveryTokens(secret, d.id);
  const base = `${deps.config.publicUrl}/api/public`;
  const unsubscribeUrl = `${base}/unsubscribe/${tokens.unsubscribe}`;
  const p = plan.render(
    { first_name: d.first_name, last_name: d.last_name, email: d.email, phone: d.phone },
    { unsubscribeUrl, openPixelUrl: `${base}/o/${tokens.open}`, linkUrl: (i) => `${base}/c/${tokens.click}/${i}` },
    d.variant ?? null,
  );
  const { identity } = plan;
  // VERP: a bounce names its delivery in the address it comes back to (modules/inbound).
  const envelopeFrom = identity.returnPath ? verpAddress(identity.returnPath, tokens.address) : identity.fromEmail;
  const headers: Record<string, string> = {};
  if (plan.listUnsubscribe) {
    // The mailto form only when the inbound listener reads that mailbox: otherwise such an
    // unsubscribe would be lost. The https one-click link is always there.
    const mailto = deps.config.inboundSmtp
      ? `, <mailto:${UNSUBSCRIBE_LOCAL_PART}@${envelopeFrom.split('@')[1]}?subject=unsubscribe-${tokens.unsubscribe}>`
      : '';
    headers['List-Unsubscribe'] = `<${unsubscribeUrl}>${mailto}`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  headers['Feedback-ID'] = `${plan.sendId}:${plan.shopId}:storecast`;
  return {
    from: { name: identity.fromName, address: identity.fromEmail },
    to: d.email,
    subject: p.subject,
    html: p.html,
    text: p.text,
    headers,
    envelopeFrom,
    dkim: identity.dkim,
    shopId: plan.shopId,
    // `strategyId` is the key outbox rows were written with; the outbox reader filters on it.
    meta: { strategyId: plan.sendId, deliveryId: d.id },
  };
}
