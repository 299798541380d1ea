import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, SealedSecretError, sealSecret } from './seal-secret.ts';

describe('sealing a platform access token', () => {
  const key = randomBytes(32);
  const token = 'shpat_0123456789abcdef0123456789abcdef';

  it('opens to the same token, and never shows it in the sealed text', () => {
    const sealed = sealSecret(key, token, 'shop-1:shopify');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(token);
    expect(sealed).not.toContain(Buffer.from(token).toString('base64url'));
    expect(openSecret(key, sealed, 'shop-1:shopify')).toBe(token);
  });

  it('seals the same token differently every time', () => {
    expect(sealSecret(key, token, 'c')).not.toBe(sealSecret(key, token, 'c'));
  });

  it('refuses to open under another key, for another owner, or after any change', () => {
    const sealed = sealSecret(key, token, 'shop-1:shopify');
    expect(() => openSecret(randomBytes(32), sealed, 'shop-1:shopify')).toThrow(SealedSecretError);
    expect(() => openSecret(key, sealed, 'shop-2:shopify')).toThrow(SealedSecretError);
    const parts = sealed.split('.');
    for (const i of [1, 2, 3]) {
      const bytes = Buffer.from(parts[i]!, 'base64url');
      bytes[0]! ^= 1;
      const changed = parts.map((p, j) => (j === i ? bytes.toString('base64url') : p)).join('.');
      expect(() => openSecret(key, changed, 'shop-1:shopify'), `part ${i} changed`).toThrow(SealedSecretError);
    }
    for (const bad of ['', 'v1', 'v2.a.b.c', `${sealed}.x`, sealed.replace('v1.', 'v1..')]) {
      expect(() => openSecret(key, bad, 'shop-1:shopify'), bad).toThrow(SealedSecretError);
    }
  });

  it('keeps tokens of any length and alphabet', () => {
    for (const t of ['', 'x', '令牌🙂', 'a'.repeat(5000)]) expect(openSecret(key, sealSecret(key, t, 'c'), 'c')).toBe(t);
  });
});
