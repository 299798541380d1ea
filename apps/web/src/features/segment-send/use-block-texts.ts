import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockTexts } from './block-model.ts';

/** The starting words of new blocks from the UI strings of one language. */
export function blockTexts(t: (key: string) => string): BlockTexts {
  return {
    text: t('segmentSend.defaults.text'),
    button: t('segmentSend.defaults.button'),
    product: t('segmentSend.defaults.product'),
    couponCode: t('segmentSend.defaults.couponCode'),
  };
}

/** New blocks' words in the language the admin is shown in. */
export function useBlockTexts(): BlockTexts {
  const { t } = useTranslation();
  return useMemo(() => blockTexts(t), [t]);
}
