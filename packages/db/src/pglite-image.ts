import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MIGRATIONS_DIR, type PgliteAssets } from './client.ts';
import * as schema from './schema/index.ts';

/**
 * A PGlite data directory with every migration applied, as a tarball. Opening PGlite runs initdb
 * inside WebAssembly, which costs seconds; a database loaded from this image skips initdb and the
 * migrations, so a test suite that opens one database a file builds the image once.
 */
export async function buildPgliteImage(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create('memory://');
  try {
    await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * Compiles PGlite's WebAssembly and reads its file bundle once. A PGlite started without them
 * reads and compiles both again, 2-4 s on a busy machine: a test process that opens a database
 * for each of many files passes these to `openDb` instead.
 */
export async function loadPgliteAssets(): Promise<PgliteAssets> {
  const dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const wasmModule = await WebAssembly.compile(readFileSync(path.join(dir, 'pglite.wasm')));
  return { wasmModule, fsBundle: new Blob([readFileSync(path.join(dir, 'pglite.data'))]) };
}

/** Changes whenever a migration does: the name under which an image or a template database is kept. */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

/** The image's file name: a data directory loads only into the PGlite that made it, with the same migrations. */
export function pgliteImageName(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return `pglite-${pkg.version}-${migrationsFingerprint()}.tar`;
}
