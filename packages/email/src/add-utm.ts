export interface Utm {
  source: string;
  medium: string;
  campaign: string;
}

/**
 * Appends utm_source / utm_medium / utm_campaign to an http(s) link. The link's own query string
 * is kept byte for byte (re-serialising it through URLSearchParams would re-encode it), and a
 * parameter the author already set on the link wins over the send's.
 */
export function addUtm(href: string, utm: Utm | undefined): string {
  if (!utm || !/^https?:\/\//i.test(href)) return href;
  const hashAt = href.indexOf('#');
  let base = hashAt === -1 ? href : href.slice(0, hashAt);
  // `https://shop.com?utm_…` is valid but unusual; write the root path like browsers do.
  if (/^https?:\/\/[^/?#]+$/i.test(base)) base += '/';
  const hash = hashAt === -1 ? '' : href.slice(hashAt);
  const queryAt = base.indexOf('?');
  const existing = new URLSearchParams(queryAt === -1 ? '' : base.slice(queryAt + 1));
  const added = (
    [
      ['utm_source', utm.source],
      ['utm_medium', utm.medium],
      ['utm_campaign', utm.campaign],
    ] as const
  )
    .filter(([key, value]) => value.trim() !== '' && !existing.has(key))
    .map(([key, value]) => `${key}=${encodeURIComponent(value.trim())}`);
  if (added.length === 0) return href;
  const joiner = queryAt === -1 ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${added.join('&')}${hash}`;
}
