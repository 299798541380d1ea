import type { SourceFile } from './read-import-graph.ts';
import { findCycles } from './find-cycles.ts';

/**
 * The dependency rules ARCHITECTURE.md states, as functions of the import graph. Each returns
 * the offending arrows as `importer -> imported` lines, empty when the rule holds.
 */

const SERVER = 'apps/server/src/';
const WEB = 'apps/web/src/';

/** `apps/server/src/modules/<name>/` or `apps/web/src/features/<name>/`: a unit with one public index. */
function unitOf(file: string): { root: string; name: string } | null {
  const m = /^(apps\/server\/src\/modules|apps\/web\/src\/features)\/([^/]+)\//.exec(file);
  return m ? { root: m[1]!, name: m[2]! } : null;
}

const isIndex = (file: string, root: string, name: string) => new RegExp(`^${root}/${name}/index\\.tsx?$`).test(file);

function arrows(graph: SourceFile[], keep: (from: SourceFile, to: string) => boolean): string[] {
  const out: string[] = [];
  for (const source of graph) {
    for (const imp of source.imports) {
      if (imp.target && keep(source, imp.target)) out.push(`${source.file} -> ${imp.target}`);
    }
  }
  return out;
}

/**
 * 1. A server module is reached from outside only through `modules/<name>/index.ts`, a web
 * feature from another feature only through `features/<name>/index.ts`. The admin's `app/` names
 * page files directly: it is the composition root and loads each page as its own chunk.
 */
export function throughIndexOnly(graph: SourceFile[]): string[] {
  return arrows(graph, (from, to) => {
    if (from.isTest) return false;
    const target = unitOf(to);
    if (!target || isIndex(to, target.root, target.name)) return false;
    const own = unitOf(from.file);
    if (own && own.root === target.root && own.name === target.name) return false;
    if (target.root.startsWith(SERVER)) return true;
    return own !== null;
  });
}

/** Layers below the features, which features use and which must not know any feature. */
const LOWER_LAYERS: { folder: string; forbidden: string[] }[] = [
  { folder: `${SERVER}http/`, forbidden: [`${SERVER}modules/`] },
  { folder: `${SERVER}worker/`, forbidden: [`${SERVER}modules/`] },
  { folder: `${SERVER}messaging/`, forbidden: [`${SERVER}modules/`] },
  { folder: `${SERVER}db/`, forbidden: [`${SERVER}modules/`] },
  { folder: `${WEB}shared/`, forbidden: [`${WEB}features/`, `${WEB}app/`] },
];

/** 2. `http/`, `worker/`, `messaging/`, `db/` import no server module; the web's `shared/` no feature and not the shell. */
export function lowerLayersKnowNoFeature(graph: SourceFile[]): string[] {
  return arrows(graph, (from, to) => {
    if (from.isTest) return false;
    const layer = LOWER_LAYERS.find((l) => from.file.startsWith(l.folder));
    return !!layer && layer.forbidden.some((f) => to.startsWith(f));
  });
}

/** 3. No import circles among production files; type-only imports, re-exports and `import()` count. */
export function importCircles(graph: SourceFile[]): string[] {
  const edges = new Map<string, Set<string>>();
  const production = new Set(graph.filter((s) => !s.isTest).map((s) => s.file));
  for (const source of graph) {
    if (!production.has(source.file)) continue;
    edges.set(source.file, new Set(source.imports.map((i) => i.target).filter((t): t is string => !!t && production.has(t))));
  }
  return findCycles(edges).map(({ loop, members }) => {
    const more = members.length > loop.length - 1 ? ` (and the other loops among these ${members.length} files: ${members.join(', ')})` : '';
    return loop.join(' -> ') + more;
  });
}

/** What each package may import of ours: the contract nothing, the renderer the contract, no package an app. */
const PACKAGE_IMPORTS: Record<string, string[]> = {
  'packages/contract/': [],
  'packages/db/': [],
  'packages/email/': ['packages/contract/'],
  'packages/popup-view/': ['packages/contract/'],
};

/** 4. Packages import nothing from `apps/`, and only the packages below them; the two apps import each other never. */
export function packagesPointDown(graph: SourceFile[]): string[] {
  return arrows(graph, (from, to) => {
    const app = /^apps\/[^/]+\//.exec(from.file)?.[0];
    if (app) return to.startsWith('apps/') && !to.startsWith(app);
    const own = Object.keys(PACKAGE_IMPORTS).find((p) => from.file.startsWith(p));
    if (!own || to.startsWith(own)) return false;
    if (to.startsWith('apps/')) return true;
    return to.startsWith('packages/') && !PACKAGE_IMPORTS[own]!.some((p) => to.startsWith(p));
  });
}

/** 5. Production code imports no test file and no test helper (anything under a `test/` folder). */
export function noTestCodeInProduction(graph: SourceFile[]): string[] {
  const tests = new Set(graph.filter((s) => s.isTest).map((s) => s.file));
  return arrows(graph, (from, to) => !from.isTest && tests.has(to));
}
