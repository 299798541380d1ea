import { randomInt } from 'node:crypto';
import {
  buildCampaignUrl, CAMPAIGN_LINK_LIMITS, type CampaignLink, type CampaignLinkInput, isUuid, LINK_CODE_LENGTH,
} from '@storecast/contract';
import { campaigns, type Db, type ShopScope, shortLinks } from '@storecast/db';
import { count, eq } from 'drizzle-orm';
import { AppError, FieldError } from '../../http/app-error.ts';
import { isStoreHost, readStoreHosts } from './read-store-hosts.ts';
import { toCampaignLink } from './to-campaign-link.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A taken code is drawn again; five collisions in a row mean something else is wrong. */
const CODE_ATTEMPTS = 5;

const newCode = () => Array.from({ length: LINK_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * Saves a link to a page of the store's own shop with its UTM parameters and a short code of its
 * own. The destination is kept as the browser reads it (URL.href), which also makes every byte of
 * the redirect's Location header ASCII, whatever the owner typed.
 */
export async function createShortLink(db: Db, scope: ShopScope, publicUrl: string, body: CampaignLinkInput): Promise<CampaignLink> {
  const url = new URL(body.destination);
  const hosts = await readStoreHosts(db, scope);
  if (hosts.length === 0) throw new FieldError('destination', 'errors.campaignLink.noStoreDomain');
  if (!isStoreHost(url.hostname, hosts)) throw new FieldError('destination', 'errors.campaignLink.foreignHost', { hosts: hosts.join(', ') });

  let campaign: { id: string; name: string } | null = null;
  if (body.campaign_id) {
    const [row] = isUuid(body.campaign_id)
      ? await db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(scope.where(campaigns, eq(campaigns.id, body.campaign_id)))
      : [];
    if (!row) throw new FieldError('campaign_id', 'errors.campaign.notFound');
    campaign = row;
  }

  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(shortLinks).where(scope.where(shortLinks));
  if (n >= CAMPAIGN_LINK_LIMITS.perStoreMax) throw new AppError('errors.campaignLink.tooMany', 409);

  const destination = url.href;
  const values = scope.values({
    destination,
    fullUrl: buildCampaignUrl(destination, body),
    campaignId: campaign?.id ?? null,
    utmSource: body.utm_source,
    utmMedium: body.utm_medium,
    utmCampaign: body.utm_campaign,
    utmTerm: body.utm_term,
    utmContent: body.utm_content,
  });
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const [row] = await db.insert(shortLinks).values({ ...values, code: newCode() })
      .onConflictDoNothing({ target: shortLinks.code }).returning();
    if (row) return toCampaignLink(publicUrl, row, campaign);
  }
  throw new Error('no free short-link code after several draws');
}
