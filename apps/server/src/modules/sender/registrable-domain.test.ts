import { describe, expect, it } from 'vitest';
import { registrableDomainOf, senderFitsHomepage } from './registrable-domain.ts';

describe('the registrable domain by the public suffix list', () => {
  it('finds the name a store owns under public and private suffixes', () => {
    expect(registrableDomainOf('mail.shop.example.co.uk')).toBe('example.co.uk');
    expect(registrableDomainOf('WWW.Example.COM.')).toBe('example.com');
    expect(registrableDomainOf('shop.com.cn')).toBe('shop.com.cn');
    // A platform's subdomain is the store's own name, not the platform's.
    expect(registrableDomainOf('mystore.myshopify.com')).toBe('mystore.myshopify.com');
    expect(registrableDomainOf('news.mystore.myshopify.com')).toBe('mystore.myshopify.com');
    expect(registrableDomainOf('localhost')).toBe('localhost');
  });

  it('lets a sender of the homepage\'s domain through and refuses a neighbour on a shared suffix', () => {
    expect(senderFitsHomepage('news@mail.shop.com', 'www.shop.com')).toBe(true);
    expect(senderFitsHomepage('news@shop.example.co.uk', 'example.co.uk')).toBe(true);
    expect(senderFitsHomepage('news@other.myshopify.com', 'mystore.myshopify.com')).toBe(false);
    expect(senderFitsHomepage('news@other.co.uk', 'shop.co.uk')).toBe(false);
    expect(senderFitsHomepage('news@shop.com', '')).toBe(false);
  });
});
