import { describe, expect, it } from 'vitest';
import type { SourceFile } from '../boundaries/read-import-graph.ts';
import { selectTests } from './select-tests.ts';

const file = (name: string, ...imports: string[]): SourceFile => ({
  file: name,
  isTest: /\.test\.ts$|\/test\//.test(name),
  imports: imports.map((target) => ({ target, specifier: target, dynamic: false })),
});

/** A small repository: two server modules, the app that composes them, a test helper and tests. */
const graph: SourceFile[] = [
  file('packages/contract/src/index.ts'),
  file('packages/contract/src/rules/email.test.ts', 'packages/contract/src/index.ts'),
  file('apps/server/src/modules/audience/save-subscriber.ts', 'packages/contract/package.json'),
  file('apps/server/src/modules/audience/index.ts', 'apps/server/src/modules/audience/save-subscriber.ts'),
  file('apps/server/src/modules/strategy/start-send.ts', 'apps/server/src/modules/audience/index.ts'),
  file('apps/server/src/modules/strategy/index.ts', 'apps/server/src/modules/strategy/start-send.ts'),
  file('apps/server/src/modules/calendar/index.ts'),
  file('apps/server/src/app.ts', 'apps/server/src/modules/audience/index.ts', 'apps/server/src/modules/strategy/index.ts', 'apps/server/src/modules/calendar/index.ts'),
  file('apps/server/src/test/start-test-app.ts', 'apps/server/src/app.ts'),
  file('apps/server/src/modules/audience/audience.test.ts', 'apps/server/src/test/start-test-app.ts'),
  file('apps/server/src/modules/strategy/start-send.test.ts', 'apps/server/src/test/start-test-app.ts', 'apps/server/src/modules/strategy/start-send.ts'),
  file('apps/server/src/modules/calendar/calendar.test.ts', 'apps/server/src/test/start-test-app.ts'),
  file('apps/server/src/http/cross-store.test.ts', 'apps/server/src/test/start-test-app.ts'),
  file('apps/server/src/http/fuzz-input.test.ts', 'apps/server/src/test/start-test-app.ts'),
];
const select = (...changed: string[]) => selectTests(graph, new Set(changed));

describe('the tests a change touches', () => {
  it('selects the tests of every module the change reaches and the route guards, not through the app', () => {
    expect(select('apps/server/src/modules/audience/save-subscriber.ts')).toEqual([
      'apps/server/src/http/cross-store.test.ts',
      'apps/server/src/http/fuzz-input.test.ts',
      'apps/server/src/modules/audience/audience.test.ts',
      'apps/server/src/modules/strategy/start-send.test.ts',
    ]);
    expect(select('apps/server/src/modules/calendar/index.ts')).not.toContain('apps/server/src/modules/audience/audience.test.ts');
  });

  it('selects everything that starts the app when the app or a test helper changed', () => {
    const all = graph.map((s) => s.file).filter((f) => f.startsWith('apps/server/') && f.endsWith('.test.ts')).sort();
    expect(select('apps/server/src/app.ts')).toEqual(all);
    expect(select('apps/server/src/test/start-test-app.ts')).toEqual(all);
  });

  it('follows a package imported by name to every file that imports it', () => {
    expect(select('packages/contract/src/index.ts')).toEqual([
      'apps/server/src/modules/audience/audience.test.ts',
      'apps/server/src/modules/strategy/start-send.test.ts',
      'packages/contract/src/rules/email.test.ts',
    ]);
  });

  it('runs everything when the dependencies, the test configuration or a migration changed', () => {
    expect(select('package-lock.json')).toBe('all');
    expect(select('vitest.config.ts')).toBe('all');
    expect(select('packages/db/migrations/0021_x.sql')).toBe('all');
  });

  it('selects nothing for a change no test depends on', () => {
    expect(select('README.md')).toEqual([]);
  });
});
