import { COPY_PURPOSES, countSmsSegments, LOCALES, PERSONAL_FIELD_PATTERN, PERSONAL_FIELDS } from '@storecast/contract';
import { describe, expect, it } from 'vitest';
import { fitSms } from './fit-sms.ts';
import { COPY_LIMITS } from './parse-written-copy.ts';
import { writeCopy } from './write-copy.ts';
import { writeCopyOffline } from './write-copy-offline.ts';
import type { CopyFacts, CopyRequest } from './write-copy-types.ts';

const facts = (locale: CopyFacts['locale'], more: Partial<CopyFacts> = {}): CopyFacts => ({
  storeName: locale === 'zh-CN' ? '青叶茶舍' : 'Green Leaf Tea', homepageUrl: 'https://tea.example.com', currency: 'USD', locale, ...more,
});
const FIELDS = ['subject', 'preview', 'heading', 'body', 'button', 'sms'] as const;
const DISCOUNT_WORDS = /%|折|优惠|coupon|\bcode\b|\boff\b|\bsave\b|discount/i;

describe('the built-in writer', () => {
  for (const locale of LOCALES) {
    for (const purpose of COPY_PURPOSES) {
      it(`writes ${purpose} copy in ${locale} with every field filled, within the limits`, () => {
        for (const coupon of [null, { code: 'LEAF15', discount: 15 }]) {
          for (let seed = 0; seed < 3; seed++) {
            for (const channel of ['email', 'sms'] as const) {
              const copy = writeCopyOffline({ purpose, channel, seed, facts: facts(locale, { coupon, products: [{ title: 'Dragon Well' }], brief: 'Spring tea' }) });
              expect(copy.by).toBe('built-in');
              for (const f of FIELDS) {
                expect(copy[f].trim(), `${purpose}/${locale}/${f}`).not.toBe('');
                expect(copy[f]).not.toMatch(/\{(store|item|items|name|theme|code|pct)\}/);
                expect(Array.from(copy[f]).length).toBeLessThanOrEqual(COPY_LIMITS[f]);
              }
              expect(countSmsSegments(copy.sms).segments).toBeLessThanOrEqual(2);
              // The SMS goes out as written: no personal field in it.
              expect(copy.sms).not.toMatch(/\{\{/);
              expect(copy.sms).toContain(locale === 'zh-CN' ? '青叶茶舍' : 'Green Leaf Tea');
              // Only the renderer's own personal fields, in its syntax.
              for (const m of `${copy.subject} ${copy.body}`.matchAll(PERSONAL_FIELD_PATTERN)) {
                expect(PERSONAL_FIELDS).toContain(m[1]);
              }
              if (locale === 'zh-CN') expect(copy.body).toMatch(/[\u4e00-\u9fff]/);
              else expect(copy.body).not.toMatch(/[\u4e00-\u9fff]/);
              if (coupon) {
                expect(copy.body).toContain('LEAF15');
                expect(copy.body).toContain('15');
                expect(copy.sms).toContain('LEAF15');
              } else {
                for (const f of FIELDS) expect(copy[f], `${purpose}/${locale}/${f} promises a discount`).not.toMatch(DISCOUNT_WORDS);
              }
            }
          }
        }
      });
    }
  }

  it('names the store, the products and the brief, and picks its words by the seed', () => {
    const req = (seed: number): CopyRequest => ({
      purpose: 'abandoned-cart', channel: 'email', seed,
      facts: facts('en-US', { products: [{ title: 'Dragon Well' }, { title: 'Silver Needle' }] }),
    });
    const first = writeCopyOffline(req(0));
    expect(writeCopyOffline(req(0))).toEqual(first);
    expect(writeCopyOffline(req(1)).subject).not.toBe(first.subject);
    expect(first.body).toContain('Dragon Well');
    expect(first.body).toContain('Green Leaf Tea');
    expect(first.subject).toContain('{{first_name|there}}');
    const campaign = writeCopyOffline({ purpose: 'campaign', channel: 'email', facts: facts('zh-CN', { brief: '中秋礼盒' }) });
    expect(campaign.subject).toContain('中秋礼盒');
    expect(campaign.body).toContain('{{first_name|亲爱的顾客}}');
  });

  it('keeps every SMS to two parts, Latin and Chinese', () => {
    const latin = fitSms('x'.repeat(400));
    expect(countSmsSegments(latin)).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(latin.endsWith('...')).toBe(true);
    const chinese = fitSms('好'.repeat(400));
    expect(countSmsSegments(chinese).segments).toBe(2);
    expect(Array.from(chinese).length).toBeLessThanOrEqual(134);
    expect(fitSms('short text')).toBe('short text');
  });

  it('is what writeCopy answers when no AI is configured', async () => {
    const request: CopyRequest = { purpose: 'welcome', channel: 'email', facts: facts('zh-CN') };
    const copy = await writeCopy({ config: { ai: { apiKey: '', model: 'm', timeoutMs: 1000 } } }, request);
    expect(copy).toEqual(writeCopyOffline(request));
  });
});
