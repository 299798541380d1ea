import { discountAboveSuggestion, LIMITS } from '@storecast/contract';
import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './image-rules.ts';
import { repeatedSocialType, styleFieldRules } from './style-rules.ts';

describe('brand form rules', () => {
  it('picks images by name and size before upload', () => {
    expect(imageFileProblem('logo.JPEG', 1000)).toBeNull();
    expect(imageFileProblem('logo.png', LIMITS.imageMaxBytes - 1)).toBeNull();
    expect(imageFileProblem('logo.svg', 10)).toBe('errors.upload.imageType');
    expect(imageFileProblem('logo.png', LIMITS.imageMaxBytes)).toBe('errors.upload.imageSize');
  });

  it('finds repeated social types, ignoring rows without a type yet', () => {
    expect(repeatedSocialType([{ type: 'x' }, { type: 'instagram' }, {}])).toBeNull();
    expect(repeatedSocialType([{ type: 'x' }, { type: 'x' }])).toBe('errors.style.socialRepeat');
    expect(repeatedSocialType(undefined)).toBeNull();
  });

  it('uses the contract field rules and messages', () => {
    expect(styleFieldRules.logo.safeParse('').error?.issues[0]?.message).toBe('errors.style.logoRequired');
    expect(styleFieldRules.colour.safeParse('#12345').error?.issues[0]?.message).toBe('errors.content.colour');
    expect(styleFieldRules.socialUrl.safeParse('ftp://x').error?.issues[0]?.message).toBe('errors.content.link');
    expect(styleFieldRules.socialType.safeParse('myspace').error?.issues[0]?.message).toBe('errors.style.socialType');
  });

  it('advises above a 30 % discount only', () => {
    expect(discountAboveSuggestion(30)).toBe(false);
    expect(discountAboveSuggestion(30.5)).toBe(true);
    expect(discountAboveSuggestion(null)).toBe(false);
  });
});
