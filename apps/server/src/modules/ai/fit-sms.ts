import { countSmsSegments } from '@storecast/contract';

/**
 * Shortens an SMS to at most `maxChars` characters and `maxSegments` parts (counted as the
 * delivery engine charges them), cutting at a space or punctuation when one is near, so written
 * text never costs more than two parts.
 */
export function fitSms(text: string, maxSegments = 2, maxChars = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  // "…" is no GSM-7 character: it would turn a Latin text into UCS-2 and halve its room.
  const ellipsis = countSmsSegments(flat).encoding === 'GSM-7' ? '...' : '…';
  let out = clip(flat, maxChars, ellipsis);
  while (out && countSmsSegments(out).segments > maxSegments) out = clip(out, Array.from(out).length - 1, ellipsis);
  return out;
}

/** Cuts to `max` characters (code points), preferring a break in the last fifth, marking the cut with an ellipsis. */
export function clip(text: string, max: number, ellipsis = '…'): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, Math.max(0, max - ellipsis.length));
  const breakAt = Math.max(head.lastIndexOf(' '), head.lastIndexOf('，'), head.lastIndexOf('。'), head.lastIndexOf(','));
  const kept = breakAt >= head.length * 0.8 ? head.slice(0, breakAt) : head;
  return `${kept.join('').trimEnd()}${ellipsis}`;
}
