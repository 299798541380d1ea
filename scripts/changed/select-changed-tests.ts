import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { readImportGraph } from '../boundaries/read-import-graph.ts';
import { selectTests } from './select-tests.ts';

/**
 * Prints the test files a change touches, one per line (`select-tests.ts` says how they are
 * chosen), or `--all` when everything must run. The change is what differs from the base
 * (default: nothing committed) plus the uncommitted and untracked files.
 *
 * Usage: tsx scripts/changed/select-changed-tests.ts [base]
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

const base = process.argv[2];
const changed = new Set([
  ...(base ? git('diff', '--name-only', `${base}...HEAD`) : []),
  ...git('diff', '--name-only', 'HEAD'),
  ...git('ls-files', '--others', '--exclude-standard'),
]);
const selected = selectTests(readImportGraph(ROOT, ['apps', 'packages', 'scripts', 'bench']), changed);
if (selected === 'all') console.log('--all');
else if (selected.length) console.log(selected.join('\n'));
