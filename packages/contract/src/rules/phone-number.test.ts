import { describe, expect, it } from 'vitest';
import { callingCodeOfZone, toE164 } from './phone-number.ts';

describe('phone numbers for SMS', () => {
  it('keeps international numbers and reads national ones by the store country', () => {
    expect(toE164('+86 138 0013 8000', '86')).toBe('+8613800138000');
    expect(toE164('0086-138-0013-8000', null)).toBe('+8613800138000');
    expect(toE164('13800138000', '86')).toBe('+8613800138000');
    expect(toE164('8613800138000', '86')).toBe('+8613800138000');
    expect(toE164('07700 900123', '44')).toBe('+447700900123');
    expect(toE164('(415) 555-0100', '1')).toBe('+14155550100');
    expect(toE164('+1 415 555 0100', '44')).toBe('+14155550100');
  });

  it('leaves out what it cannot read rather than guess a country', () => {
    expect(toE164('13800138000', null)).toBeNull();
    expect(toE164('+0123456789', '86')).toBeNull();
    expect(toE164('12', '86')).toBeNull();
    expect(toE164('+1234567890123456', null)).toBeNull();
    expect(toE164('call me', '86')).toBeNull();
  });

  it('knows the country of common store time zones', () => {
    expect(callingCodeOfZone('Asia/Shanghai')).toBe('86');
    expect(callingCodeOfZone('America/Los_Angeles')).toBe('1');
    expect(callingCodeOfZone('Europe/London')).toBe('44');
    expect(callingCodeOfZone('Antarctica/Troll')).toBeNull();
  });
});
