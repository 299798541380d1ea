import { z } from 'zod';
import { AiUnavailableError } from './ask-chat-completions.ts';
import { clip, fitSms } from './fit-sms.ts';
import type { WrittenCopy } from './write-copy-types.ts';

/** Longest text per field; subject, preview and SMS by the product's rules, the rest so a block stays readable. */
export const COPY_LIMITS = { subject: 150, preview: 200, heading: 120, body: 2000, button: 40, sms: 300 } as const;

const text = z.string().catch('').transform((s) => s.trim());
const answerSchema = z.object({
  subject: text, preview: text, heading: text, body: z.union([z.string(), z.array(z.string())]).catch(''), button: text, sms: text,
}).partial();

/** Caps every field at its limit, and an SMS at two parts. */
export function capCopy(copy: WrittenCopy): WrittenCopy {
  return {
    subject: clip(oneLine(copy.subject), COPY_LIMITS.subject),
    preview: clip(oneLine(copy.preview), COPY_LIMITS.preview),
    heading: clip(oneLine(copy.heading), COPY_LIMITS.heading),
    body: clip(copy.body.replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n').trim(), COPY_LIMITS.body),
    button: clip(oneLine(copy.button), COPY_LIMITS.button),
    sms: fitSms(copy.sms, 2, COPY_LIMITS.sms),
    by: copy.by,
  };
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

// A percent off, "8折" or "减 20%": what a copy without a coupon must not promise.
const DISCOUNT = /\d+(?:\.\d+)?\s*%\s*(?:off|discount)|(?:save|off|discount of)\s*\d+(?:\.\d+)?\s*%|\d(?:\.\d)?\s*折|(?:减|优惠|折扣)\s*\d+(?:\.\d+)?\s*%|\d+(?:\.\d+)?\s*%\s*(?:优惠|折扣)/i;

/**
 * Reads the model's JSON answer into copy. Fields it left out are taken from `fallback` (the
 * built-in writer's copy of the same request), so the result has no empty field. An answer that
 * is no JSON object, lacks what the channel needs, or promises a discount no coupon gives counts as
 * a failed answer.
 */
export function parseWrittenCopy(
  content: string, channel: 'email' | 'sms', fallback: WrittenCopy, couponPct: number | null,
): WrittenCopy {
  let raw: unknown;
  try {
    // Some compatible servers wrap JSON in a Markdown fence despite response_format.
    raw = JSON.parse(content.trim().replace(/^```(?:json)?\s*/i, '').replace(/```$/, ''));
  } catch {
    throw new AiUnavailableError('malformed', 'content is not JSON');
  }
  const parsed = answerSchema.safeParse(raw);
  if (!parsed.success || typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new AiUnavailableError('malformed', 'content is not a copy object');
  }
  const a = parsed.data;
  const body = Array.isArray(a.body) ? a.body.map((p) => p.trim()).filter(Boolean).join('\n\n') : (a.body ?? '').trim();
  const needed = channel === 'sms' ? [a.sms] : [a.subject, body];
  if (needed.some((v) => !v)) throw new AiUnavailableError('malformed', `no ${channel === 'sms' ? 'sms' : 'subject or body'}`);
  const copy = capCopy({
    subject: a.subject || fallback.subject,
    preview: a.preview || fallback.preview,
    heading: a.heading || fallback.heading,
    body: body || fallback.body,
    button: a.button || fallback.button,
    sms: a.sms || fallback.sms,
    by: 'ai',
  });
  const written = [copy.subject, copy.preview, copy.heading, copy.body, copy.button, copy.sms].join('\n');
  if (couponPct === null && DISCOUNT.test(written)) throw new AiUnavailableError('malformed', 'promises a discount without a coupon');
  return copy;
}
