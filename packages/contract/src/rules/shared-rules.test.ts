import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';
import { isUuid, UUID_SOURCE } from './uuid.ts';

describe('isUuid', () => {
  it('takes a UUID in either case and nothing around it', () => {
    expect(isUuid('0b9e3c1a-5f2d-4c7e-9a1b-2c3d4e5f6a7b')).toBe(true);
    expect(isUuid('0B9E3C1A-5F2D-4C7E-9A1B-2C3D4E5F6A7B')).toBe(true);
    expect(isUuid('0b9e3c1a-5f2d-4c7e-9a1b-2c3d4e5f6a7')).toBe(false);
    expect(isUuid(' 0b9e3c1a-5f2d-4c7e-9a1b-2c3d4e5f6a7b')).toBe(false);
    expect(isUuid('0b9e3c1a-5f2d-4c7e-9a1b-2c3d4e5f6a7b.png')).toBe(false);
    expect(isUuid('12')).toBe(false);
  });

  it('gives its pattern to composite checks (a media file name)', () => {
    expect(new RegExp(`^(${UUID_SOURCE})\\.png$`).exec('0b9e3c1a-5f2d-4c7e-9a1b-2c3d4e5f6a7b.png')?.[1]).toBe('0b9e3c1a-5f2d-4c7e-9a1b-2c3d4e5f6a7b');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that end text or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('returns plain text as it is', () => {
    expect(escapeHtml('Hello, 世界')).toBe('Hello, 世界');
  });
});
