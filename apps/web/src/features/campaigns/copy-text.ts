import i18n from '../../shared/i18n/i18n.ts';
import { toastError, toastSuccess } from '../../shared/api/toast.ts';

/** Copies a link, saying so; a page without clipboard access (plain http) says to copy by hand. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess(i18n.t('campaigns.links.copied'));
  } catch {
    toastError(i18n.t('campaigns.links.copyFailed'));
  }
}
