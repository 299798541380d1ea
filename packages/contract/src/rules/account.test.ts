import { describe, expect, it } from 'vitest';
import { isValidPassword, mobileSchema } from './account.ts';

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
