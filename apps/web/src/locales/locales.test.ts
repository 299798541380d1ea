import { describe, expect, it } from 'vitest';
import { resources } from './index.ts';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(node: unknown, prefix = ''): Record<string, string[]> {
  if (typeof node === 'string') return { [prefix]: [...node.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]!).sort() };
  return Object.assign({}, ...Object.entries(node as Record<string, unknown>).map(([k, v]) => placeholders(v, prefix ? `${prefix}.${k}` : k)));
}

describe('translations', () => {
  const zh = resources['zh-CN'].translation;
  const en = resources['en-US'].translation;

  it('have exactly the same keys in zh-CN and en-US, UI and errors', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
    expect(keys(zh)).toContain('errors.login.verifyFailed');
    expect(keys(zh)).toContain('menu.dashboard');
  });

  it('use the same placeholders and tags in both languages', () => {
    expect(placeholders(en)).toEqual(placeholders(zh));
  });

  it('have no empty strings', () => {
    for (const lang of [zh, en]) {
      const empty = keys(lang).filter((k) => k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], lang) === '');
      expect(empty).toEqual([]);
    }
  });
});
