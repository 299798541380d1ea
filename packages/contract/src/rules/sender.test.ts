import { describe, expect, it } from 'vitest';
import { registrableDomain, senderFieldsSchema, senderMatchesHomepage } from './sender.ts';

describe('sender rules', () => {
  it('finds the registrable domain, with country second-level suffixes', () => {
    expect(registrableDomain('www.shop.com')).toBe('shop.com');
    expect(registrableDomain('mail.news.shop.com.')).toBe('shop.com');
    expect(registrableDomain('shop.co.uk')).toBe('shop.co.uk');
    expect(registrableDomain('a.b.shop.com.cn')).toBe('shop.com.cn');
    expect(registrableDomain('Shop.Example.CO.JP')).toBe('example.co.jp');
    // "co" under a generic TLD is an ordinary name.
    expect(registrableDomain('www.co.com')).toBe('co.com');
    expect(registrableDomain('localhost')).toBe('localhost');
  });

  it('accepts the homepage domain and its subdomains only (SPEC 5)', () => {
    expect(senderMatchesHomepage('news@shop.com', 'www.shop.com')).toBe(true);
    expect(senderMatchesHomepage('news@mail.shop.com', 'shop.com')).toBe(true);
    expect(senderMatchesHomepage('NEWS@SHOP.COM', 'www.shop.com')).toBe(true);
    expect(senderMatchesHomepage('news@shop.co.uk', 'www.shop.com')).toBe(false);
    expect(senderMatchesHomepage('news@other.co.uk', 'shop.co.uk')).toBe(false);
    expect(senderMatchesHomepage('news@gmail.com', 'shop.com')).toBe(false);
    expect(senderMatchesHomepage('news@shop.com', '')).toBe(false);
  });

  it('checks and normalises the fields with catalogue keys', () => {
    expect(senderFieldsSchema.parse({ email: ' News@Shop.com ', name: ' Shop ' })).toEqual({ email: 'news@shop.com', name: 'Shop' });
    const bad = senderFieldsSchema.safeParse({ email: 'news@shop', name: '' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message).sort()).toEqual(['errors.sender.emailFormat', 'errors.sender.nameRequired']);
    const empty = senderFieldsSchema.safeParse({ email: '', name: 'x'.repeat(65) });
    expect(empty.error!.issues.map((i) => i.message).sort()).toEqual(['errors.sender.emailRequired', 'errors.sender.nameTooLong']);
  });
});
