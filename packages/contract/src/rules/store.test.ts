import { describe, expect, it } from 'vitest';
import { homepageSchema, isValidTimeZone, parseHomepage, storeFieldsSchema, storeNameSchema, timeZoneSchema } from './store.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('store name (max 30)', () => {
  it.each([
    ['', 'errors.store.nameRequired'],
    ['   ', 'errors.store.nameRequired'],
    ['x'.repeat(31), 'errors.store.nameTooLong'],
  ])('%j -> %s', (name, key) => expect(firstMessage(storeNameSchema.safeParse(name))).toBe(key));

  it('accepts 30 characters and trims', () => {
    expect(storeNameSchema.parse('x'.repeat(30))).toHaveLength(30);
    expect(storeNameSchema.parse('  Tea  ')).toBe('Tea');
  });

  it('refuses a non-string with the required message', () => {
    expect(firstMessage(storeNameSchema.safeParse(undefined))).toBe('errors.store.nameRequired');
  });
});

describe('homepage link', () => {
  it.each([
    ['shop.example.com', 'https://shop.example.com'],
    ['https://shop.example.com/', 'https://shop.example.com'],
    ['HTTPS://Shop.Example.com/en/', 'https://shop.example.com/en'],
    ['http://shop.example.com:8080/a/b/', 'http://shop.example.com:8080/a/b'],
    ['  www.example.co.uk  ', 'https://www.example.co.uk'],
    ['http://localhost:3000', 'http://localhost:3000'],
  ])('%j -> %s', (input, out) => expect(homepageSchema.parse(input)).toBe(out));

  it.each(['', '   ', 'not a link', 'ftp://shop.example.com', 'javascript://alert(1)', 'http://192', 'shop', 'https://shop.example.1'])(
    'refuses %j',
    (input) => {
      expect(parseHomepage(input)).toBeNull();
      expect(firstMessage(homepageSchema.safeParse(input))).toBe('errors.store.homepageFormat');
    },
  );
});

describe('time zone', () => {
  it.each(['Asia/Shanghai', 'UTC', 'America/New_York', 'Europe/Berlin'])('accepts %s', (tz) => {
    expect(isValidTimeZone(tz)).toBe(true);
    expect(timeZoneSchema.safeParse(tz).success).toBe(true);
  });
  it.each(['', 'Mars/Olympus', 'Asia/Nowhere', 'GMT+99'])('refuses %j', (tz) => {
    expect(isValidTimeZone(tz)).toBe(false);
    expect(firstMessage(timeZoneSchema.safeParse(tz))).toBe('errors.store.timezoneInvalid');
  });
});

describe('store fields', () => {
  it('parses a whole store and reports each bad field', () => {
    expect(storeFieldsSchema.parse({ name: ' Tea ', homepage_url: 'tea.example.com', currency: 'EUR_DOT', timezone: 'UTC' })).toEqual({
      name: 'Tea', homepage_url: 'https://tea.example.com', currency: 'EUR_DOT', timezone: 'UTC',
    });
    const r = storeFieldsSchema.safeParse({ name: '', homepage_url: 'x', currency: 'XXX', timezone: 'nope' });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      name: 'errors.store.nameRequired',
      homepage_url: 'errors.store.homepageFormat',
      currency: 'errors.store.currencyRequired',
      timezone: 'errors.store.timezoneInvalid',
    });
  });
});
