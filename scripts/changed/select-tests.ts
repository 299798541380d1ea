import type { SourceFile } from '../boundaries/read-import-graph.ts';

/**
 * Which test files (journeys aside) a change touches: the changed test files and every test
 * file that imports a changed file, directly or through other files. The server's composition
 * roots import every module, and every API test starts the app through them; followed through
 * those roots, any change would select the whole suite. So an importer chain stops at a root,
 * and instead a change selects the tests in the folder of every unit it reaches (an API test
 * reaches its module through the app, not by importing it), and, for a server change,
 * the suites that guard every route at once (cross-store reads and hostile input). A change to a
 * root itself, a test helper or a package still selects everything that depends on it; a change
 * to what every test depends on without importing it (dependencies, the vitest configuration, a
 * migration) selects everything: 'all'.
 */
export const COMPOSITION_ROOTS = new Set(['apps/server/src/app.ts', 'apps/server/src/start-worker.ts', 'apps/server/src/main.ts']);
export const ROUTE_GUARDS = ['apps/server/src/http/cross-store.test.ts', 'apps/server/src/http/fuzz-input.test.ts'];
const EVERYTHING = /^(package(-lock)?\.json|vitest\.config\.ts|apps\/web\/vitest\.config\.ts|tsconfig\.base\.json|packages\/db\/migrations\/)/;

/** The folder of the unit a file belongs to: a server module or layer, an admin feature, a package. */
const unitFolder = (file: string) =>
  /^(apps\/server\/src\/modules\/[^/]+\/|apps\/server\/src\/[^/]+\/|apps\/web\/src\/features\/[^/]+\/|packages\/[^/]+\/)/.exec(file)?.[0];
const isTest = (f: string) => /\.test\.tsx?$/.test(f) && !f.startsWith('e2e/');

export function selectTests(graph: SourceFile[], changed: Set<string>): string[] | 'all' {
  if ([...changed].some((f) => EVERYTHING.test(f))) return 'all';
  const importers = new Map<string, string[]>();
  for (const source of graph) {
    if (COMPOSITION_ROOTS.has(source.file)) continue;
    for (const { target } of source.imports) {
      if (target) importers.set(target, [...(importers.get(target) ?? []), source.file]);
    }
  }
  const reached = new Set<string>();
  const queue: string[] = [];
  const visit = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    queue.push(file);
  };
  for (const file of changed) {
    visit(file);
    // A workspace package is imported by name, which the graph records as its package.json.
    const pkg = /^(packages|apps)\/[^/]+\//.exec(file)?.[0];
    if (pkg) visit(`${pkg}package.json`);
  }
  while (queue.length) {
    const file = queue.shift()!;
    // Arrows out of a root are not in `importers`, arrows into one are: a changed root is
    // followed upward like any file, to everything that starts the app.
    for (const importer of importers.get(file) ?? []) visit(importer);
  }
  const files = new Set(graph.map((s) => s.file));
  // Every unit the change reaches runs its tests: its API tests reach it only through the app.
  const units = new Set([...reached].map(unitFolder).filter(Boolean));
  const tests = [
    ...[...reached].filter((f) => isTest(f) && files.has(f)),
    ...[...files].filter((f) => isTest(f) && units.has(unitFolder(f))),
  ];
  if ([...changed].some((f) => /^apps\/server\/src\/(modules|http)\//.test(f))) tests.push(...ROUTE_GUARDS.filter((f) => files.has(f)));
  return [...new Set(tests)].sort();
}
