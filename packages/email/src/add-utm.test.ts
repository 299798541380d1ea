import { describe, expect, it } from 'vitest';
import { addUtm } from './add-utm.ts';

const utm = { source: 'storecast', medium: 'email', campaign: 'Spring & more' };

describe('addUtm', () => {
  it('appends to links with and without a query string, before the fragment', () => {
    expect(addUtm('https://a.example/p', utm)).toBe('https://a.example/p?utm_source=storecast&utm_medium=email&utm_campaign=Spring%20%26%20more');
    expect(addUtm('https://a.example/p?q=a%20b&x', utm)).toBe('https://a.example/p?q=a%20b&x&utm_source=storecast&utm_medium=email&utm_campaign=Spring%20%26%20more');
    expect(addUtm('http://a.example/p?#top', utm)).toBe('http://a.example/p?utm_source=storecast&utm_medium=email&utm_campaign=Spring%20%26%20more#top');
    expect(addUtm('https://a.example', utm)).toBe('https://a.example/?utm_source=storecast&utm_medium=email&utm_campaign=Spring%20%26%20more');
  });

  it("keeps the link's own UTM values and skips empty ones", () => {
    expect(addUtm('https://a.example/?utm_source=ig', utm)).toBe('https://a.example/?utm_source=ig&utm_medium=email&utm_campaign=Spring%20%26%20more');
    expect(addUtm('https://a.example/', { source: 'x', medium: ' ', campaign: '' })).toBe('https://a.example/?utm_source=x');
  });

  it('leaves mailto links and links without UTM settings alone', () => {
    expect(addUtm('mailto:a@b.example', utm)).toBe('mailto:a@b.example');
    expect(addUtm('https://a.example/p', undefined)).toBe('https://a.example/p');
  });
});
