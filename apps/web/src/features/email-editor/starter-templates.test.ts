import { emailDocSchema, type EmailBlock } from '@storecast/contract';
import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/i18n.ts';
import { addBlock, emptyDoc } from './block-model.ts';
import { STARTERS, type StarterTexts } from './starter-templates.ts';
import { starterTexts } from './use-block-texts.ts';

function textsIn(language: 'zh-CN' | 'en-US'): StarterTexts {
  return starterTexts(i18n.getFixedT(language));
}
const find = <T extends EmailBlock['type']>(blocks: EmailBlock[], type: T) =>
  blocks.find((b): b is Extract<EmailBlock, { type: T }> => b.type === type)!;

describe('starter template and new blocks in the admin language', () => {
  it('builds the zh-CN starter with zh-CN words, valid for the contract', () => {
    const doc = STARTERS.starter(textsIn('zh-CN'));
    expect(emailDocSchema.safeParse(doc).success).toBe(true);
    expect(find(doc.blocks, 'button').text).toBe('立即选购');
    // The personal field survives translation untouched, with its Chinese fallback.
    expect(find(doc.blocks, 'text').html).toContain('{{first_name|您好}}');
    expect(doc.blocks.at(-1)!.type).toBe('footer');
  });

  it('builds the en-US starter and new blocks with en-US words', () => {
    const en = textsIn('en-US');
    expect(find(STARTERS.starter(en).blocks, 'button').text).toBe('Shop now');
    const text = addBlock(emptyDoc(), 'text', en);
    expect(find(text.doc.blocks, 'text').html).toBe('<p>Hi {{first_name|there}},</p>');
    const zhProducts = addBlock(emptyDoc(), 'products', textsIn('zh-CN'));
    expect(find(zhProducts.doc.blocks, 'products').items[0]!.title).toBe('商品');
  });
});
