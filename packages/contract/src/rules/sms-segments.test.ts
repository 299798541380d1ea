import { describe, expect, it } from 'vitest';
import { countSmsSegments } from './sms-segments.ts';

describe('countSmsSegments', () => {
  it('counts plain GSM-7 text at the single-part limit', () => {
    expect(countSmsSegments('')).toEqual({ encoding: 'GSM-7', characters: 0, segments: 0, perSegment: 160 });
    expect(countSmsSegments('Hello @ Café £5')).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(countSmsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', characters: 160, segments: 1, perSegment: 160 });
    expect(countSmsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', characters: 161, segments: 2, perSegment: 153 });
    expect(countSmsSegments('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(countSmsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts extension characters (€, {}) as two septets and never splits one', () => {
    expect(countSmsSegments('€')).toEqual({ encoding: 'GSM-7', characters: 2, segments: 1, perSegment: 160 });
    expect(countSmsSegments('{}')).toMatchObject({ encoding: 'GSM-7', characters: 4 });
    expect(countSmsSegments('€'.repeat(80))).toMatchObject({ characters: 160, segments: 1 });
    expect(countSmsSegments('a' + '€'.repeat(80))).toMatchObject({ characters: 161, segments: 2 });
    // 152 septets then an escape sequence: it moves whole to the second part.
    expect(countSmsSegments('a'.repeat(152) + '€' + 'a'.repeat(10))).toMatchObject({ characters: 164, segments: 2 });
    expect(countSmsSegments('a'.repeat(152) + '€'.repeat(77))).toMatchObject({ characters: 306, segments: 3 });
  });

  it('switches to UCS-2 for Chinese text', () => {
    expect(countSmsSegments('您的购物车还有商品，点击完成购买')).toMatchObject({ encoding: 'UCS-2', characters: 16, segments: 1, perSegment: 70 });
    expect(countSmsSegments('中'.repeat(70))).toEqual({ encoding: 'UCS-2', characters: 70, segments: 1, perSegment: 70 });
    expect(countSmsSegments('中'.repeat(71))).toEqual({ encoding: 'UCS-2', characters: 71, segments: 2, perSegment: 67 });
    expect(countSmsSegments('中'.repeat(134))).toMatchObject({ segments: 2 });
    expect(countSmsSegments('中'.repeat(135))).toMatchObject({ segments: 3 });
    // One non-GSM character turns the whole text into UCS-2; € is then one unit.
    expect(countSmsSegments('Sale € 退订')).toMatchObject({ encoding: 'UCS-2', characters: 9 });
  });

  it('counts an emoji as two UTF-16 units and keeps the pair in one part', () => {
    expect(countSmsSegments('😀')).toEqual({ encoding: 'UCS-2', characters: 2, segments: 1, perSegment: 70 });
    expect(countSmsSegments('😀'.repeat(35))).toMatchObject({ characters: 70, segments: 1 });
    expect(countSmsSegments('a' + '😀'.repeat(35))).toMatchObject({ characters: 71, segments: 2 });
    expect(countSmsSegments('a'.repeat(66) + '😀')).toMatchObject({ characters: 68, segments: 1 });
    expect(countSmsSegments('a'.repeat(66) + '😀' + 'a'.repeat(3))).toMatchObject({ characters: 71, segments: 2 });
  });
});
