import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { errorsEnUS, noticesEnUS } from './en-US/index.ts';
import { DEFAULT_LOCALE, pickLocale, translateError } from './index.ts';
import { errorsZhCN, noticesZhCN } from './zh-CN/index.ts';

/** Every leaf of a catalogue as `dotted.key -> text`. */
function leaves(node: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(node)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v as object, key)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the two message catalogues', () => {
  const en = leaves({ errors: errorsEnUS, notices: noticesEnUS });
  const zh = leaves({ errors: errorsZhCN, notices: noticesZhCN });

  it('have exactly the same keys', () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    expect(en.size).toBeGreaterThan(20);
  });

  it('have no empty text and the same placeholders in both languages', () => {
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe('');
      expect(zh.get(key)!.trim(), key).not.toBe('');
      expect(placeholders(zh.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it('split into the same area files in both languages', () => {
    const files = (lang: string) => readdirSync(new URL(`./${lang}/`, import.meta.url)).sort();
    expect(files('en-US')).toEqual(files('zh-CN'));
  });

  it('keep no key in both errors and notices, so a key says whether something went wrong', () => {
    const bare = (key: string) => key.replace(/^(errors|notices)\./, '');
    const errorKeys = new Set([...zh.keys()].filter((k) => k.startsWith('errors.')).map(bare));
    for (const key of zh.keys()) if (key.startsWith('notices.')) expect(errorKeys.has(bare(key)), key).toBe(false);
  });

  it('keep the SPEC section 8 wording in English', () => {
    const spec = [
      'Account format is not correct.',
      'Verification code has been sent.',
      'The current authorization has not been completed.',
      'Store name can not be empty.',
      'Store name is too long, limit 30 characters.',
      'The link to the store homepage format error.',
      'Login email changed successfully, please login again.',
      'The two new passwords are not the same.',
      'Login information has changed, please refresh the page.',
      'Verification failed, please Login again.',
    ];
    const texts = new Set(en.values());
    for (const s of spec) expect(texts, s).toContain(s);
  });
});

describe('pickLocale', () => {
  it.each([
    [undefined, 'zh-CN'],
    [null, 'zh-CN'],
    ['', 'zh-CN'],
    ['en-US', 'en-US'],
    ['EN', 'en-US'],
    ['en-GB,en;q=0.9', 'en-US'],
    ['fr-FR, en;q=0.8', 'en-US'],
    ['zh-TW,zh;q=0.9,en;q=0.8', 'zh-CN'],
    ['fr-FR', 'zh-CN'],
  ])('%j -> %s', (input, out) => expect(pickLocale(input)).toBe(out));

  it('defaults to zh-CN', () => expect(DEFAULT_LOCALE).toBe('zh-CN'));
});

describe('translateError', () => {
  it('translates a key in each language', () => {
    expect(translateError('en-US', 'errors.store.nameTooLong')).toBe('Store name is too long, limit 30 characters.');
    expect(translateError('zh-CN', 'errors.store.nameTooLong')).toBe('店铺名称过长，限 30 个字符。');
  });
  it('accepts a key without the errors. prefix', () => {
    expect(translateError('en-US', 'store.nameRequired')).toBe('Store name can not be empty.');
  });
  it('fills placeholders', () => {
    expect(translateError('en-US', 'errors.code.wait', { seconds: 42 })).toBe('Please wait 42 seconds before asking for another code.');
    expect(translateError('zh-CN', 'errors.code.wait', { seconds: 42 })).toBe('请在 42 秒后再获取验证码。');
  });
  it('reads notices from their own catalogue, never from the errors', () => {
    expect(translateError('en-US', 'notices.code.sent')).toBe('Verification code has been sent.');
    expect(translateError('zh-CN', 'notices.password.changed')).toBe('密码已修改。');
    expect(translateError('en-US', 'errors.code.sent')).toBe('errors.code.sent');
    expect(translateError('en-US', 'notices.code.wrong')).toBe('notices.code.wrong');
    // Mail, page and status texts live in notices, never in errors.
    expect(translateError('en-US', 'notices.sender.mail.button')).toBe('Verify sender email');
    expect(translateError('en-US', 'errors.sender.mail.button')).toBe('errors.sender.mail.button');
    expect(translateError('en-US', 'errors.strategy.saved')).toBe('errors.strategy.saved');
  });
  it('returns an unknown key as it is, so a gap shows up', () => {
    expect(translateError('en-US', 'errors.nope.missing')).toBe('errors.nope.missing');
    // A group is not a message.
    expect(translateError('en-US', 'errors.store')).toBe('errors.store');
  });
});
