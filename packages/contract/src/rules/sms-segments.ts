/**
 * SMS segment counting (3GPP TS 23.038): the editor shows it and the delivery engine charges
 * volume by it, so both sides must agree on one implementation.
 */

// The GSM 03.38 default alphabet (one septet each). ESC (0x1B) is left out on purpose: a text
// holding a literal escape cannot be GSM-7.
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
// The extension table: ESC + one septet, so two septets each.
const GSM_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegmentCount {
  encoding: SmsEncoding;
  /** Septets for GSM-7 (extension characters count two), UTF-16 code units for UCS-2. */
  characters: number;
  segments: number;
  /** What one part holds: 160 / 153 (GSM-7) or 70 / 67 (UCS-2), depending on whether the text is split. */
  perSegment: number;
}

const LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
};

export function countSmsSegments(text: string): SmsSegmentCount {
  // Widths of the indivisible units: an escape sequence or a surrogate pair never straddles parts.
  const widths: number[] = [];
  let encoding: SmsEncoding = 'GSM-7';
  for (const ch of text) {
    if (BASIC.has(ch)) widths.push(1);
    else if (EXTENSION.has(ch)) widths.push(2);
    else {
      encoding = 'UCS-2';
      break;
    }
  }
  if (encoding === 'UCS-2') {
    widths.length = 0;
    for (const ch of text) widths.push(ch.length);
  }
  const characters = widths.reduce((sum, w) => sum + w, 0);
  const limit = LIMITS[encoding];
  if (characters <= limit.single) return { encoding, characters, segments: characters === 0 ? 0 : 1, perSegment: limit.single };
  let segments = 1;
  let used = 0;
  for (const w of widths) {
    if (used + w > limit.part) {
      segments += 1;
      used = 0;
    }
    used += w;
  }
  return { encoding, characters, segments, perSegment: limit.part };
}
