import { describe, expect, it } from 'vitest';
import { emailSchema, isEmailAddress, isValidPassword, mobileSchema } from './account.ts';

describe('password rule (SPEC section 5)', () => {
  it.each([
    ['abcdefg1', true],
    ['abcdefgh', false],
    ['12345678', false],
    ['abc1', false],
    ['a1234567890123456', false],
    ['a123456789012345', true],
  ])('%s -> %s', (p, ok) => expect(isValidPassword(p)).toBe(ok));
});

describe('mobile', () => {
  it('strips spaces and dashes', () => expect(mobileSchema.parse('138 0013-8000')).toBe('13800138000'));
  it('refuses letters', () => expect(mobileSchema.safeParse('13800abc').success).toBe(false));
});

describe('e-mail address', () => {
  it.each([
    ['broken UTF-8 (U+FFFD)', 'shopper\uFFFD\uFFFD\uFFFD@example.com'],
    ['a C0 control', 'shop\u0007per@example.com'],
    ['DEL', 'shopper\u007F@example.com'],
    ['a C1 control', 'shopper@exam\u0085ple.com'],
    ['a zero-width space', 'shop\u200Bper@example.com'],
    ['a zero-width joiner', 'shopper@exa\u200Dmple.com'],
    ['a word joiner', 'shopper\u2060@example.com'],
    ['a byte order mark', 'shopper@\uFEFFexample.com'],
    ['a soft hyphen', 'shop\u00ADper@example.com'],
    ['a right-to-left override', 'shopper@\u202Eelpmaxe.com'],
    ['a left-to-right mark', 'shopper\u200E@example.com'],
    ['a bidi isolate', 'shopper@\u2067example\u2069.com'],
    ['a lone surrogate', 'shop\uD800per@example.com'],
    ['private use', 'shopper\uE000@example.com'],
  ])('refuses an address with %s, in the rule and the schema', (_what, address) => {
    expect(isEmailAddress(address)).toBe(false);
    const parsed = emailSchema.safeParse(address);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('errors.account.format');
  });

  it('keeps addresses in other scripts', () => {
    for (const address of ['shopper@example.com', 'müller@bücher.de', '用户@例子.中国', 'o\'brien+news@example.co.uk']) {
      expect(isEmailAddress(address), address).toBe(true);
    }
  });
});
