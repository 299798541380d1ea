import { z } from 'zod';

/**
 * The toolbox's link generator: a link to a page of the store's own shop with UTM parameters, and
 * a short tracked link the product redirects from. The form and the server check the same rules;
 * that the destination is on one of the store's own domains only the server can tell.
 */
export const CAMPAIGN_LINK_LIMITS = {
  urlMax: 2000,
  utmMax: 100,
  pageSizeMax: 100,
  /** Links a store may keep: it bounds the list and what one account can make the server store. */
  perStoreMax: 10_000,
} as const;

/**
 * A short code: letters and digits only, so it survives being typed from a printed poster and
 * needs no escaping in a URL. 62^8 codes leave a collision to chance only once in billions.
 */
export const LINK_CODE_LENGTH = 8;
export const LINK_CODE_PATTERN = /^[A-Za-z0-9]{8}$/;

/** Where a short link lives, under the API's public prefix: `${publicUrl}/api/public/l/<code>`. */
export const SHORT_LINK_PATH = '/public/l/';

const key = (name: string) => `errors.campaignLink.${name}`;

// Tabs, line breaks and the other C0/C1 controls: invisible in the form, and a line break in a
// query string is how a header or log line gets forged.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** An absolute http(s) URL with a host and nothing a browser would have to guess about. */
export function isWebUrl(value: string): boolean {
  if (CONTROL.test(value) || /\s/.test(value)) return false;
  if (!/^https?:\/\/[^/?#]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export const linkDestinationSchema = z.string().trim()
  .min(1, { error: key('urlRequired'), abort: true })
  .max(CAMPAIGN_LINK_LIMITS.urlMax, { abort: true })
  .refine(isWebUrl, { error: key('urlInvalid') });

const utmValue = (required: boolean) => {
  const text = z.string().trim();
  return (required ? text.min(1, { error: key('utmRequired'), abort: true }) : text)
    .max(CAMPAIGN_LINK_LIMITS.utmMax, { abort: true })
    .refine((v) => !CONTROL.test(v), { error: key('controlCharacters') });
};

/** utm_source, utm_medium and utm_campaign say where a visit came from; term and content are optional. */
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

export const campaignLinkBody = z.object({
  destination: linkDestinationSchema,
  utm_source: utmValue(true).default('storecast'),
  utm_medium: utmValue(true).default('social'),
  utm_campaign: utmValue(true),
  utm_term: utmValue(false).default(''),
  utm_content: utmValue(false).default(''),
  /** One of the store's campaigns the link promotes; the list shows its name. */
  campaign_id: z.string().max(40).nullable().default(null),
});
export type CampaignLinkBody = z.input<typeof campaignLinkBody>;
export type CampaignLinkInput = z.output<typeof campaignLinkBody>;
export type CampaignLinkUtm = Pick<CampaignLinkInput, UtmField>;

/**
 * The destination with the link's UTM parameters. The owner's values win over utm_* parameters
 * the destination already has (they would otherwise be sent twice and read either way), the rest
 * of its query is kept byte for byte, and the fragment stays last where browsers look for it.
 */
export function buildCampaignUrl(destination: string, utm: CampaignLinkUtm): string {
  const hashAt = destination.indexOf('#');
  let base = hashAt === -1 ? destination : destination.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : destination.slice(hashAt);
  if (/^https?:\/\/[^/?#]+$/i.test(base)) base += '/';
  const queryAt = base.indexOf('?');
  const path = queryAt === -1 ? base : base.slice(0, queryAt);
  const ours = UTM_FIELDS.filter((f) => utm[f].trim() !== '');
  const kept = (queryAt === -1 ? '' : base.slice(queryAt + 1)).split('&')
    .filter((part) => part !== '' && !(ours as readonly string[]).includes(paramName(part)));
  const added = ours.map((f) => `${f}=${encodeURIComponent(utm[f].trim())}`);
  const query = [...kept, ...added].join('&');
  return `${path}${query ? `?${query}` : ''}${hash}`;
}

function paramName(part: string): string {
  const name = part.split('=')[0]!;
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}
