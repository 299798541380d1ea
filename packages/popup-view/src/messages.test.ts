import { describe, expect, it } from 'vitest';
import { POPUP_MESSAGES } from './messages.ts';

describe('the script catalogue', () => {
  it('has the same keys in zh-CN and en-US, none empty', () => {
    expect(Object.keys(POPUP_MESSAGES['zh-CN']).sort()).toEqual(Object.keys(POPUP_MESSAGES['en-US']).sort());
    for (const words of Object.values(POPUP_MESSAGES)) {
      for (const [key, value] of Object.entries(words)) expect(value.trim(), key).not.toBe('');
    }
  });
});
