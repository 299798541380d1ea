import { type Attachment, simpleParser } from 'mailparser';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import {
  appSecret, DELIVERY_ADDRESS_TOKEN_PATTERN, DELIVERY_TOKEN_PATTERN, parseInboundAddress, readDeliveryAddressToken, readDeliveryToken,
  recordBounce, recordComplaint, unsubscribeDelivery,
} from '../delivery/index.ts';
import { parseReportFields, permanentFailureOf } from './parse-report-fields.ts';

export type InboundResult =
  | { kind: 'bounce' | 'complaint' | 'unsubscribe'; deliveryIds: number[]; heldIds?: number[] }
  | { kind: 'ignored'; reason: string };

const TOKEN = `(${DELIVERY_TOKEN_PATTERN})`;
/**
 * Where a copy of our own mail names its delivery: the unsubscribe link and the mailto subject
 * (group 1, the unsubscribe token), or the VERP envelope sender in its Return-Path (group 2, any
 * case).
 */
const TOKEN_IN_ORIGINAL = new RegExp(`(?:/unsubscribe/|unsubscribe-)${TOKEN}|bounce\\+(${DELIVERY_ADDRESS_TOKEN_PATTERN})`, 'gi');
const ORIGINAL_TYPES = new Set(['message/rfc822', 'text/rfc822-headers', 'message/global', 'message/global-headers']);

/**
 * One mail accepted by the inbound listener for `rcpts` (already checked to be ours). A DSN
 * reporting a permanent failure bounces its delivery, an ARF abuse report records a complaint,
 * a mail to unsubscribe@ with `unsubscribe-<token>` in its subject unsubscribes; the delivery
 * comes from the VERP address it was sent to, or else from the copy of our mail the report
 * quotes. Tokens are signed, so nobody can name another delivery. Everything else is dropped.
 */
export async function handleInboundMail(deps: Deps, log: FastifyBaseLogger, rcpts: string[], raw: Buffer): Promise<InboundResult> {
  const mail = await simpleParser(raw, { keepDeliveryStatus: true, skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  const secret = await appSecret(deps.config, deps.dbh);
  const read = (token: string) => readDeliveryToken(secret, 'unsubscribe', token);
  const addresses = rcpts.map(parseInboundAddress);
  const verpIds = addresses.flatMap((a) => (a?.kind === 'bounce' && a.token ? [readDeliveryAddressToken(secret, a.token)] : [])).filter((x) => x !== null);
  // The parser inlines a quoted message/rfc822 with Content-Disposition: inline into the body, and
  // decodes an encoded text/rfc822-headers part into an attachment: the raw text and the decoded
  // parts together cover both.
  const quoted = [raw.toString('latin1'), ...mail.attachments.filter((a) => ORIGINAL_TYPES.has(a.contentType.toLowerCase())).map((a) => a.content.toString('utf8'))];
  const quotedIds = () => unique(quoted.flatMap((text) => [...text.matchAll(TOKEN_IN_ORIGINAL)]
    .map((m) => (m[1] ? read(m[1]) : readDeliveryAddressToken(secret, m[2]!)))));
  const reportIds = () => (verpIds.length ? unique(verpIds) : quotedIds());

  const type = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  const reportType = type?.value?.toLowerCase() === 'multipart/report' ? type.params?.['report-type']?.toLowerCase() : undefined;

  if (reportType === 'delivery-status') {
    const part = partOf(mail.attachments, ['message/delivery-status', 'message/global-delivery-status']);
    const failure = part ? permanentFailureOf(part.content.toString('utf8')) : null;
    if (!failure) return ignored(log, 'not a permanent failure');
    const done: Record<'recorded' | 'held', number[]> = { recorded: [], held: [] };
    for (const id of reportIds()) {
      const r = await recordBounce(deps.dbh, id, `DSN ${failure.status} ${failure.diagnostic}`.trim());
      if (r) done[r].push(id);
    }
    return { kind: 'bounce', deliveryIds: done.recorded, heldIds: done.held };
  }
  if (reportType === 'feedback-report') {
    const part = partOf(mail.attachments, ['message/feedback-report']);
    const feedbackType = part ? parseReportFields(part.content.toString('utf8'))[0]?.get('feedback-type')?.toLowerCase() : undefined;
    if (feedbackType !== 'abuse') return ignored(log, `feedback type ${feedbackType ?? 'missing'}`);
    const done: Record<'recorded' | 'held', number[]> = { recorded: [], held: [] };
    for (const id of reportIds()) {
      const r = await recordComplaint(deps.dbh, id);
      if (r) done[r].push(id);
    }
    return { kind: 'complaint', deliveryIds: done.recorded, heldIds: done.held };
  }
  if (addresses.some((a) => a?.kind === 'unsubscribe')) {
    const token = new RegExp(`\\bunsubscribe-${TOKEN}`, 'i').exec(mail.subject ?? '')?.[1];
    const id = token ? read(token) : null;
    if (id === null) return ignored(log, 'unsubscribe without a valid token');
    await unsubscribeDelivery(deps.dbh, id, { via: 'mailto', detail: mail.from?.value[0]?.address ?? null });
    return { kind: 'unsubscribe', deliveryIds: [id] };
  }
  return ignored(log, 'neither a report nor an unsubscribe');
}

function partOf(attachments: Attachment[], types: string[]) {
  return attachments.find((a) => types.includes(a.contentType.toLowerCase()));
}

const unique = (ids: (number | null)[]) => [...new Set(ids.filter((x) => x !== null))];

function ignored(log: FastifyBaseLogger, reason: string): InboundResult {
  log.debug({ reason }, 'inbound mail dropped');
  return { kind: 'ignored', reason };
}
