import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser fetches; images and fonts come compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map)$/;
/** Below this, the headers outweigh what compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file of a
 * build, so the server sends each asset compressed without compressing it per request. A variant
 * no smaller than the file is not written. Hidden folders (Vite's manifest) are left alone.
 */
export async function precompressDir(dir: string): Promise<void> {
  const files = (await readdir(dir, { recursive: true }))
    .filter((f) => COMPRESSIBLE.test(f) && !f.split(path.sep).some((part) => part.startsWith('.')));
  // zlib runs these in its thread pool, so the cores share the work.
  await Promise.all(files.map(async (f) => {
    const file = path.join(dir, f);
    const raw = await readFile(file);
    if (raw.length < MIN_BYTES) return;
    const [br, gzipped] = await Promise.all([
      brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      gz(raw, { level: 9 }),
    ]);
    if (br.length < raw.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
  }));
}

/** The Vite plugin: precompresses the output folder once the build has written it. */
export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'storecast-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
