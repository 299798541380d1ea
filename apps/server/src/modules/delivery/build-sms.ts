import { countSmsSegments } from '@storecast/contract';
import type { Config } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import type { OutgoingSms } from '../../messaging/sms-sender.ts';
import type { ClaimedDelivery } from './build-mail.ts';
import type { SmsPlan } from './delivery-source.ts';
import { signSmsToken } from './sms-token.ts';

// A link ends at white space or at a character a URL rarely ends with in prose.
const LINK = /https?:\/\/[^\s<>"'，。！？、；：（）【】]+[^\s<>"'，。！？、；：（）【】.,;:!?)\]]/g;

/** The http(s) links of an SMS text, in order: what a source records with `recordSendLinks`. */
export function findSmsLinks(text: string): string[] {
  return [...new Set(text.match(LINK) ?? [])];
}

/**
 * One recipient's text: rendered by the source, each link the send recorded replaced by a short
 * tracked link (`/api/public/s/<token>`, 302 to that recorded link only). A link the send did
 * not record (personalised by the render) stays as written, untracked. The provider reports the
 * message's fate to a status URL naming the delivery.
 */
export function buildSms(deps: Deps, plan: SmsPlan, secret: Buffer, d: ClaimedDelivery & { to: string }): OutgoingSms {
  const base = `${deps.config.publicUrl}/api/public`;
  const { text } = plan.render({ first_name: d.first_name, last_name: d.last_name, email: d.email, phone: d.phone });
  const shortened = plan.links.length === 0
    ? text
    : text.replace(LINK, (url) => {
        const i = plan.links.indexOf(url);
        return i < 0 ? url : `${base}/s/${signSmsToken(secret, 'link', d.id, i)}`;
      });
  return {
    to: d.to,
    text: shortened,
    shopId: plan.shopId,
    statusCallback: `${base}/sms/status?d=${signSmsToken(secret, 'status', d.id)}`,
    meta: { strategyId: plan.sendId, deliveryId: d.id },
  };
}

/**
 * Volume an SMS of this template holds: its segments (counted with each recorded link as long as
 * its short link will be) times `SMS_UNITS_PER_SEGMENT`. The source records it on the delivery
 * when it reserves volume; the engine spends what the delivery holds.
 */
export function smsUnits(config: Config, text: string, links: readonly string[] = findSmsLinks(text)): number {
  const shortLength = `${config.publicUrl}/api/public/s/`.length + 22;
  let sized = text;
  for (const link of links) sized = sized.split(link).join('x'.repeat(shortLength));
  return Math.max(1, countSmsSegments(sized).segments) * config.sms.unitsPerSegment;
}
