import type { TFunction } from 'i18next';

/** A subscriber's source as the list shows it: a pop-up sign-up names its pop-up. */
export function sourceLabel(t: TFunction, row: { source: string; source_detail: string }): string {
  if (row.source === 'popup') return row.source_detail ? t('emailList.sourcePopupNamed', { name: row.source_detail }) : t('emailList.sourcePopup');
  return row.source || '-';
}
