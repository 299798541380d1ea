import { describe, expect, it } from 'vitest';
import type { HelpBlock } from './help-article.ts';
import { helpArticles } from './use-articles.ts';

/** What must match between the languages: everything but the words. */
function shape(block: HelpBlock) {
  switch (block.kind) {
    case 'steps':
    case 'list':
      return `${block.kind}:${block.items.length}`;
    case 'records':
      return `records:${block.columns.length}x${block.rows.length}:${block.rows.map((r) => r.length).join(',')}`;
    case 'open':
      return `open:${block.to}`;
    default:
      return block.kind;
  }
}

function texts(block: HelpBlock): string[] {
  if (block.kind === 'steps' || block.kind === 'list') return block.items;
  if (block.kind === 'records') return [...block.columns, ...block.rows.flat()];
  return [block.text];
}

describe('help articles', () => {
  const zh = helpArticles['zh-CN'];
  const en = helpArticles['en-US'];

  it('are the same articles in zh-CN and en-US, block for block', () => {
    expect(en.map((a) => a.slug)).toEqual(zh.map((a) => a.slug));
    for (const [i, a] of zh.entries()) expect(en[i]!.blocks.map(shape), a.slug).toEqual(a.blocks.map(shape));
  });

  it('cover the first steps a store owner needs', () => {
    expect(zh.map((a) => a.slug)).toEqual(['getting-started', 'import-contacts', 'sender-domain', 'segment-send', 'smart-send', 'element-send', 'unsubscribes-bounces', 'plans-and-managers']);
    const dns = en.find((a) => a.slug === 'sender-domain')!.blocks.flatMap(texts).join('\n');
    for (const record of ['_domainkey', 'CNAME', 'v=spf1', '_dmarc', 'v=DMARC1']) expect(dns).toContain(record);
  });

  it('have no empty text and keep DNS values identical across languages', () => {
    for (const lang of [zh, en]) {
      for (const a of lang) {
        expect(a.title && a.summary, a.slug).toBeTruthy();
        for (const t of a.blocks.flatMap(texts)) expect(t.trim(), a.slug).not.toBe('');
      }
    }
    const values = (list: typeof zh) => list.flatMap((a) => a.blocks).flatMap((b) => (b.kind === 'records' ? b.rows.map((r) => r.slice(0, 2)) : []));
    expect(values(en)).toEqual(values(zh));
  });
});
