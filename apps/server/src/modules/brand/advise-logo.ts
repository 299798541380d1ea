import { LIMITS, type Locale, translateError } from '@storecast/contract';
import type { MediaRow } from './save-media.ts';

export type LogoWarning = { code: 'ratio' | 'format' | 'size'; message: string };

/** Within this much of 4:1 a logo counts as 4:1 (600 x 150 and 640 x 150 both do). */
const RATIO_TOLERANCE = 0.1;

/**
 * SPEC: a logo should be 4:1, JPG and under 200 KB. These are advice, not refusals: a square
 * PNG logo still renders, so the upload is kept and the owner is told what would look better.
 */
export function adviseLogo(row: MediaRow, locale: Locale): LogoWarning[] {
  const out: LogoWarning[] = [];
  if (row.width && row.height && Math.abs(row.width / row.height / 4 - 1) > RATIO_TOLERANCE) {
    out.push({ code: 'ratio', message: translateError(locale, 'notices.style.logoRatio', { width: row.width, height: row.height }) });
  }
  if (row.ext !== 'jpg') out.push({ code: 'format', message: translateError(locale, 'notices.style.logoFormat') });
  if (row.size > LIMITS.logoAdviceBytes) {
    out.push({ code: 'size', message: translateError(locale, 'notices.style.logoSize', { size: Math.round(row.size / 1024) }) });
  }
  return out;
}
