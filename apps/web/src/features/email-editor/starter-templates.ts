import type { EmailDoc } from '@storecast/contract';
import { type BlockTexts, createBlock, createFooter, emptyDoc } from './block-model.ts';

/** What a starter says, in the admin's language: the blocks' words and the greeting paragraph. */
export interface StarterTexts extends BlockTexts {
  /** HTML of the starter's text block, fuller than a new text block's greeting. */
  intro: string;
}

/**
 * Built-in starting points of the template step, beside the store's own templates from the
 * content library. Fresh ids each time, so two e-mails never share block ids.
 */
export const STARTERS = {
  blank: (_texts: StarterTexts): EmailDoc => emptyDoc(),
  starter: (texts: StarterTexts): EmailDoc => ({
    version: 1,
    blocks: [
      createBlock('header', texts),
      createBlock('text', { ...texts, text: texts.intro }),
      createBlock('image', texts),
      createBlock('button', texts),
      createBlock('social', texts),
      createFooter(),
    ],
  }),
} as const;
export type StarterKey = keyof typeof STARTERS;
