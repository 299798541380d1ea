import { api } from '@storecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    sunset: { date: '2027-01-31', url: 'https://new.example.com', stayParam: 'test' },
    ownHosts: ['app.example.com', 'appapi.example.com'],
    internalShopIds: ['shop-1'],
    helpUrl: 'https://help.example.com',
    supportEmail: 'help@operator.example.com',
  });
});
afterAll(() => t.close());

describe('app-config', () => {
  it('carries the sunset notice and links when configured', async () => {
    const res = await t.call(api.system.appConfig);
    expect(res.body.data).toEqual({
      sunset: { date: '2027-01-31', url: 'https://new.example.com', stay_param: 'test' },
      own_hosts: ['app.example.com', 'appapi.example.com'],
      internal_shop_ids: ['shop-1'],
      help_url: 'https://help.example.com',
      support_url: '',
      support_email: 'help@operator.example.com',
    });
  });
});

describe('loadConfig', () => {
  it('defaults serve the embedded mode', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ role: 'all', port: 8080, databaseUrl: undefined, sunset: null, publicUrl: 'http://localhost:8080', trustProxy: false });
    expect(c.dataDir).toMatch(/data$/);
    expect(c.supportEmail).toBe('');
    expect(loadConfig({ SUPPORT_EMAIL: ' help@operator.example.com ' }).supportEmail).toBe('help@operator.example.com');
  });

  it('reads the sunset notice from the environment', () => {
    const c = loadConfig({ SUNSET_URL: 'https://new.example.com', SUNSET_DATE: '2027-01-31' });
    expect(c.sunset).toEqual({ date: '2027-01-31', url: 'https://new.example.com', stayParam: 'stay' });
  });

  it('reads lists, the public URL and the rate limit', () => {
    const c = loadConfig({ OWN_HOSTS: ' a.example.com , b.example.com,', PUBLIC_URL: 'https://x.example.com/', AUTH_RATE_LIMIT: '5', PORT: '9000' });
    expect(c.ownHosts).toEqual(['a.example.com', 'b.example.com']);
    expect(c.publicUrl).toBe('https://x.example.com');
    expect(c.authRateLimit.max).toBe(5);
    expect(c.port).toBe(9000);
  });

  it('refuses an unknown role', () => {
    expect(() => loadConfig({ ROLE: 'everything' })).toThrow(/ROLE/);
  });
});
