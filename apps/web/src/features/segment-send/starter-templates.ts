import type { EmailDoc } from '@storecast/contract';
import { createBlock, emptyDoc } from './block-model.ts';

/**
 * Built-in starting points of the template step, beside the store's own templates from the
 * content library. Fresh ids each time, so two e-mails never share block ids.
 */
export const STARTERS = {
  blank: (_html: string): EmailDoc => emptyDoc(),
  /** `html` is the greeting paragraph, in the language the admin is using. */
  starter: (html: string): EmailDoc => ({
    version: 1,
    blocks: [
      createBlock('header'),
      { ...createBlock('text'), html } as ReturnType<typeof createBlock>,
      createBlock('image'),
      createBlock('button'),
      createBlock('social'),
      createBlock('footer'),
    ],
  }),
} as const;
export type StarterKey = keyof typeof STARTERS;
