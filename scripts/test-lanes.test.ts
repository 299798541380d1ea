import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import config from '../vitest.config.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The names of every vitest project, the admin's read from its own config file. */
async function projectNames(): Promise<string[]> {
  const names: string[] = [];
  for (const p of config.test?.projects ?? []) {
    if (typeof p === 'string') {
      const own = (await import(path.join(root, p))) as { default: { test?: { name?: string } } };
      names.push(own.default.test!.name!);
    } else names.push((p as { test: { name: string } }).test.name);
  }
  return names;
}

/** The projects a lane of the test command names: `NAME=(a b c)` in scripts/test-all.sh. */
function lane(script: string, name: string): string[] {
  const m = script.match(new RegExp(`^${name}=\\(([^)]*)\\)`, 'm'));
  return m ? m[1]!.trim().split(/\s+/) : [];
}

it('the test command runs every vitest project in exactly one lane', async () => {
  const script = readFileSync(path.join(root, 'scripts/test-all.sh'), 'utf8');
  const lanes = [...lane(script, 'SUITE_PROJECTS'), ...lane(script, 'LIGHT_PROJECTS'), 'e2e'];
  expect(script).toContain('run_projects "$e2e_report" e2e');
  expect(lanes.length).toBeGreaterThan(5);
  expect([...lanes].sort()).toEqual((await projectNames()).sort());
});
