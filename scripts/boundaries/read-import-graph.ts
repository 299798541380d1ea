import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One source file of the repository and the files of ours it imports. */
export interface SourceFile {
  /** Repository-relative, with forward slashes: `apps/server/src/app.ts`. */
  file: string;
  /** Tests and test helpers may reach into other modules; production files may not. */
  isTest: boolean;
  imports: Import[];
}

export interface Import {
  /** The imported file, repository-relative, or null when the specifier is not ours. */
  target: string | null;
  specifier: string;
  /** `import('…')`: a lazily loaded chunk, still an arrow in the graph. */
  dynamic: boolean;
}

const SOURCE = /\.(ts|tsx|mts)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

/** A test file, or anything under a `test/` folder (fixtures, helpers, fakes). */
export function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || /(^|\/)test\//.test(file);
}

function listSources(root: string, dir: string, out: string[]) {
  for (const name of readdirSync(path.join(root, dir))) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const rel = `${dir}/${name}`;
    if (statSync(path.join(root, rel)).isDirectory()) listSources(root, rel, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(rel);
  }
}

/** Packages are imported by name; map each workspace name to its `src` folder. */
function workspacePackages(root: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const group of ['packages', 'apps']) {
    for (const dir of readdirSync(path.join(root, group))) {
      const manifest = path.join(root, group, dir, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string };
      names.set(name, `${group}/${dir}`);
    }
  }
  return names;
}

function resolve(root: string, from: string, specifier: string, packages: Map<string, string>): string | null {
  let base: string;
  if (specifier.startsWith('.')) {
    base = path.posix.join(path.posix.dirname(from), specifier);
  } else {
    // A workspace package counts as its folder: enough to say which side of a boundary it is on.
    const name = [...packages.keys()].find((n) => specifier === n || specifier.startsWith(`${n}/`));
    return name ? `${packages.get(name)}/${specifier.slice(name.length + 1) || 'package.json'}` : null;
  }
  const withoutJs = base.replace(/\.js$/, '.ts');
  for (const candidate of [base, withoutJs].flatMap((b) => EXTENSIONS.map((e) => b + e))) {
    const full = path.join(root, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return base;
}

/**
 * Reads every TypeScript file under the given folders with the compiler's own import scanner
 * (`import`, `import type`, `export … from`, `import()` and `require`), so the graph is the one
 * the bundler and Node see, comments and strings included correctly.
 */
export function readImportGraph(root: string, dirs: string[]): SourceFile[] {
  const packages = workspacePackages(root);
  const files: string[] = [];
  for (const dir of dirs) listSources(root, dir, files);
  return files.sort().map((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const info = ts.preProcessFile(text, true, true);
    const dynamicAt = new Set<number>();
    // The scanner's position is the string literal's opening quote.
    for (const m of text.matchAll(/\bimport\s*\(\s*['"`]/g)) dynamicAt.add(m.index + m[0].length - 1);
    const imports = info.importedFiles.map((ref) => ({
      specifier: ref.fileName,
      target: resolve(root, file, ref.fileName, packages),
      dynamic: dynamicAt.has(ref.pos),
    }));
    return { file, isTest: isTestFile(file), imports };
  });
}
