import { LIMITS } from '@storecast/contract';
import type { TranslationKey } from '../../shared/i18n/translation-key.ts';

/** What the file picker offers; the server checks the bytes again. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.gif,.png,image/jpeg,image/gif,image/png';

/** The message key that refuses a picked image before it is sent, or null when it may go. */
export function imageFileProblem(name: string, size: number): TranslationKey | null {
  if (!/\.(jpe?g|gif|png)$/i.test(name)) return 'errors.upload.imageType';
  if (size >= LIMITS.imageMaxBytes) return 'errors.upload.imageSize';
  return null;
}
