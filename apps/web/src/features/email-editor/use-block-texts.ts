import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockTexts } from './block-model.ts';
import type { StarterTexts } from './starter-templates.ts';
import type { TFunction } from 'i18next';

/** The starting words of new blocks from the UI strings of one language. */
export function blockTexts(t: TFunction): BlockTexts {
  return {
    text: t('emailEditor.defaults.text'),
    button: t('emailEditor.defaults.button'),
    product: t('emailEditor.defaults.product'),
    couponCode: t('emailEditor.defaults.couponCode'),
  };
}

/** A starter's words: a new block's, with a fuller greeting paragraph. */
export function starterTexts(t: TFunction): StarterTexts {
  return { ...blockTexts(t), intro: t('emailEditor.defaults.starterText') };
}

/** New blocks' words in the language the admin is shown in. */
export function useBlockTexts(): BlockTexts {
  const { t } = useTranslation();
  return useMemo(() => blockTexts(t), [t]);
}

/** Starters' words in the language the admin is shown in. */
export function useStarterTexts(): StarterTexts {
  const { t } = useTranslation();
  return useMemo(() => starterTexts(t), [t]);
}
