import { describe, expect, it } from 'vitest';
import { allowMailStyles } from './allow-mail-styles.ts';

describe('allowMailStyles', () => {
  it('gives every style element of the mail the nonce, and nothing else', () => {
    const html = '<html><head><STYLE type="text/css">p{}</STYLE><style>a{}</style><styles></styles></head><body style="margin:0"><p>&lt;style&gt;</p></body></html>';
    const out = allowMailStyles(html, 'abc+/=');
    expect(out.match(/<style nonce="abc\+\/="/gi)).toHaveLength(2);
    expect(out).toContain('<styles>');
    expect(out).toContain('<body style="margin:0">');
    expect(out).toContain('&lt;style&gt;');
  });

  it('leaves the mail alone without a policy (dev server, tests)', () => {
    expect(allowMailStyles('<style>p{}</style>', '')).toBe('<style>p{}</style>');
  });
});
