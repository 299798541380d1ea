import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPgliteImage, loadPgliteAssets, type PgliteAssets, pgliteImageName } from '@storecast/db';

let loaded: Promise<Blob> | undefined;
let assets: Promise<PgliteAssets> | undefined;

/**
 * The migrated PGlite image every test database starts from, kept in the temp folder under a
 * name that changes with the migrations and the PGlite version. Test files run in parallel
 * workers: whichever builds it first writes a file of its own and renames it into place, so no
 * worker ever reads half an image.
 */
export function loadPgliteImage(): Promise<Blob> {
  loaded ??= (async () => {
    const file = path.join(os.tmpdir(), `storecast-${pgliteImageName()}`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const image = await buildPgliteImage();
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
    return image;
  })();
  return loaded;
}

/**
 * PGlite's compiled WebAssembly, once per test process: the server's test files share their
 * worker's modules (vitest's `isolate: false`), so this is compiled once for all of them.
 */
export function sharedPgliteAssets(): Promise<PgliteAssets> {
  assets ??= loadPgliteAssets();
  return assets;
}
