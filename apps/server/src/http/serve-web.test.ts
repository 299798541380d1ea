import { describe, expect, it } from 'vitest';
import { adminPolicy, paymentOrigins } from './serve-web.ts';

const stripe = { secretKey: 'sk', publishableKey: 'pk', webhookSecret: 'wh', jsUrl: 'https://js.stripe.com/v3/', timeoutMs: 1000 };

/** The admin's policy lets the payment provider's card form in only when payments are configured. */
describe('the admin policy and the payment provider', () => {
  it('adds nothing without payments', () => {
    expect(paymentOrigins(null)).toEqual([]);
    const policy = adminPolicy('n0nce', []);
    expect(policy).toContain("script-src 'self' 'nonce-n0nce';");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).not.toContain('frame-src');
  });

  it("lets Stripe's script run, be called and be framed", () => {
    const policy = adminPolicy('n0nce', paymentOrigins(stripe));
    const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self' 'nonce-n0nce' https://js.stripe.com https://api.stripe.com https://hooks.stripe.com");
    for (const name of ['connect-src', 'frame-src']) {
      expect(directive(name)).toContain('https://js.stripe.com');
      expect(directive(name)).toContain('https://api.stripe.com');
      expect(directive(name)).toContain('https://hooks.stripe.com');
    }
  });

  it("adds the origins of a configured script URL and API base (a test double's)", () => {
    const origins = paymentOrigins({ ...stripe, jsUrl: 'http://127.0.0.1:4010/v3/', apiBase: 'http://127.0.0.1:4011' });
    expect(origins).toContain('http://127.0.0.1:4010');
    expect(origins).toContain('http://127.0.0.1:4011');
    expect(paymentOrigins({ ...stripe, jsUrl: 'not a url' })).toEqual(['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com']);
  });
});
