import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import config from '../vitest.config.ts';

const root = path.resolve(import.meta.dirname, '..');
const script = readFileSync(path.join(root, 'scripts/test-all.sh'), 'utf8');

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

/** A list of the test command: `NAME=(a b c)` in scripts/test-all.sh, comments left out. */
function list(name: string): string[] {
  const m = script.match(new RegExp(`^${name}=\\(([^)]*)\\)`, 'm'));
  return m ? m[1]!.replace(/#.*$/gm, '').trim().split(/\s+/) : [];
}

/** Every `run_projects "<report>" a b … --` of the script: the projects it names, lists expanded. */
function projectsRun(): string[] {
  const out: string[] = [];
  for (const m of script.matchAll(/run_projects "\$work\/[\w-]+\.json" ([^\n]*?) --/g)) {
    for (const word of m[1]!.split(/\s+/)) {
      const listed = /^"\$\{(\w+)\[@\]\}"$/.exec(word);
      out.push(...(listed ? list(listed[1]!) : [word]));
    }
  }
  return out;
}

it('the test command runs every vitest project in exactly one job', async () => {
  const run = projectsRun();
  expect(run.length).toBeGreaterThan(5);
  expect([...run].sort()).toEqual((await projectNames()).sort());
});

it('every job of the test command is run and every report it reads is written', () => {
  const jobs = list('JOBS');
  expect(jobs.length).toBeGreaterThan(4);
  for (const job of jobs) expect(script).toMatch(new RegExp(`^    ${job}\\)`, 'm'));
  for (const report of list('REPORTS')) expect(script).toContain(`run_projects "$work/${report}.json"`);
});
