import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { listConfigWarnings } from '../list-config-warnings.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'storecast-system-sender-'));
const pemFile = (name: string, pem: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, pem);
  return file;
};
const rsaPem = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
const ecPem = generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;

describe('the sender of the product\'s own mail', () => {
  it('takes a valid MAIL_FROM and refuses to start with an invalid one, naming it', () => {
    expect(loadConfig({ MAIL_FROM: ' Hello@Mail.Example.com ' }).mailFrom).toBe('hello@mail.example.com');
    expect(() => loadConfig({ MAIL_FROM: 'no-reply' })).toThrow(/MAIL_FROM must be an e-mail address .*"no-reply"/);
    expect(() => loadConfig({ MAIL_FROM: 'a@b@example.com' })).toThrow(/MAIL_FROM/);
  });

  it('derives no-reply@ the public host only when that host is a mail domain', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://mail.example.com' }).mailFrom).toBe('no-reply@mail.example.com');
    for (const url of ['http://127.0.0.1:8080', 'http://localhost:8080', 'https://storecast.test', 'http://[::1]:8080']) {
      const c = loadConfig({ PUBLIC_URL: url });
      // Not no-reply@127.0.0.1: a placeholder that says what it is, and a warning at start.
      expect(c.mailFrom, url).toBe('no-reply@localhost.localdomain');
      expect(listConfigWarnings(c).join('\n'), url).toMatch(/not on a mail domain, so mailbox providers will likely reject it/);
    }
  });

  it('reads the DKIM key of the product\'s own mail and refuses a wrong setting at start', () => {
    const good = { MAIL_FROM: 'no-reply@mail.example.com', SYSTEM_DKIM_DOMAIN: 'example.com', SYSTEM_DKIM_SELECTOR: 'sys1', SYSTEM_DKIM_KEY: pemFile('rsa.pem', rsaPem) };
    expect(loadConfig(good).systemDkim).toEqual({ domainName: 'example.com', keySelector: 'sys1', privateKey: rsaPem });
    expect(loadConfig({}).systemDkim).toBeNull();
    expect(() => loadConfig({ ...good, SYSTEM_DKIM_SELECTOR: '' })).toThrow(/must be set together: SYSTEM_DKIM_SELECTOR missing/);
    expect(() => loadConfig({ ...good, SYSTEM_DKIM_DOMAIN: 'other.com' })).toThrow(/SYSTEM_DKIM_DOMAIN \(other\.com\) must be the domain of MAIL_FROM/);
    expect(() => loadConfig({ ...good, SYSTEM_DKIM_KEY: path.join(dir, 'missing.pem') })).toThrow(/SYSTEM_DKIM_KEY: cannot read/);
    expect(() => loadConfig({ ...good, SYSTEM_DKIM_KEY: pemFile('junk.pem', 'not a key') })).toThrow(/not an RSA private key/);
    expect(() => loadConfig({ ...good, SYSTEM_DKIM_KEY: pemFile('ec.pem', ecPem) })).toThrow(/not an RSA private key/);
    expect(() => loadConfig({ ...good, SYSTEM_DKIM_SELECTOR: 'a b' })).toThrow(/SYSTEM_DKIM_SELECTOR must be a DNS label/);
  });
});

describe('start-up warnings', () => {
  it('warns about an http PUBLIC_URL, and not about an https one', () => {
    expect(listConfigWarnings(loadConfig({ PUBLIC_URL: 'http://shop.example.com' })).join('\n')).toMatch(/PUBLIC_URL \(http:\/\/shop\.example\.com\) is not https/);
    expect(listConfigWarnings(loadConfig({ PUBLIC_URL: 'https://shop.example.com' })).join('\n')).not.toMatch(/PUBLIC_URL/);
  });

  it('warns about unsigned system mail until a key is set', () => {
    expect(listConfigWarnings(loadConfig({ PUBLIC_URL: 'https://shop.example.com' }))).toEqual([expect.stringMatching(/is not DKIM-signed/)]);
    const signed = loadConfig({ PUBLIC_URL: 'https://shop.example.com', SYSTEM_DKIM_DOMAIN: 'shop.example.com', SYSTEM_DKIM_SELECTOR: 's1', SYSTEM_DKIM_KEY: pemFile('rsa2.pem', rsaPem) });
    expect(listConfigWarnings(signed)).toEqual([]);
  });
});
