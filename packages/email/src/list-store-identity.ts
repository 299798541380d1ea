import type { EmailBlock } from '@storecast/contract';
import type { RenderKit } from './render-kit.ts';

/** The store's name and postal address, as lines: the part of the footer no text can leave out. */
export function storeIdentityLines(block: Extract<EmailBlock, { type: 'footer' }>, kit: RenderKit): string[] {
  const address = kit.ctx.store.address?.trim() || block.address.trim();
  return [kit.ctx.store.name, ...address.split(/\r?\n/)].map((line) => line.trim()).filter(Boolean);
}
