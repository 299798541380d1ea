import { describe, expect, it } from 'vitest';
import { hasSmsOptOut, withSmsOptOut } from './sms-opt-out.ts';

describe('SMS opt-out line', () => {
  it('is added once, in the text\'s language, unless the text already has one', () => {
    expect(withSmsOptOut('Your cart is waiting: https://x.shop/c ')).toBe('Your cart is waiting: https://x.shop/c Reply STOP to opt out');
    expect(withSmsOptOut('【茶舍】购物车还在等你')).toBe('【茶舍】购物车还在等你 回复TD退订');
    expect(withSmsOptOut('Sale today. Text STOP to end')).toBe('Sale today. Text STOP to end');
    expect(withSmsOptOut('回复退订即可取消')).toBe('回复退订即可取消');
    expect(hasSmsOptOut('stopwatch sale')).toBe(false);
  });
});
