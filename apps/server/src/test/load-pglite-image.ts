import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPgliteImage, pgliteImageName } from '@storecast/db';

let loaded: Promise<Blob> | undefined;

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
