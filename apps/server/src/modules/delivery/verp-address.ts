import { BOUNCE_LOCAL_PART } from '../sender/index.ts';

/** Local part of the address in List-Unsubscribe's mailto, on the same return-path host. */
export const UNSUBSCRIBE_LOCAL_PART = 'unsubscribe';

/**
 * The envelope sender of one delivery: `bounce+<token>@<return host>` (VERP), so a bounce names
 * the delivery in the address it is sent to, whatever the bouncing server writes in its report.
 * The host stays the store's return-path host, so SPF and relaxed DMARC alignment are unchanged.
 */
export function verpAddress(returnPath: string, token: string): string {
  const at = returnPath.lastIndexOf('@');
  return `${returnPath.slice(0, at)}+${token}${returnPath.slice(at)}`;
}

export type InboundAddress =
  | { kind: 'bounce'; host: string; token: string | null }
  | { kind: 'unsubscribe'; host: string };

/**
 * What a recipient address on a return-path host stands for; null for anything else. All of it
 * compares case-insensitively, the token too (tracking-token.ts: lower-case hex), since a
 * server on the way may fold the address's case.
 */
export function parseInboundAddress(address: string): InboundAddress | null {
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const local = address.slice(0, at);
  const host = address.slice(at + 1).toLowerCase();
  if (!host) return null;
  const lower = local.toLowerCase();
  if (lower === UNSUBSCRIBE_LOCAL_PART) return { kind: 'unsubscribe', host };
  if (lower === BOUNCE_LOCAL_PART) return { kind: 'bounce', host, token: null };
  if (lower.startsWith(`${BOUNCE_LOCAL_PART}+`) && local.length > BOUNCE_LOCAL_PART.length + 1) {
    return { kind: 'bounce', host, token: local.slice(BOUNCE_LOCAL_PART.length + 1) };
  }
  return null;
}
