/**
 * Admin first load: the bytes the browser fetches before the first route's own chunk, as the
 * server sends them: the entry script and its modulepreloads in index.html, plus the chunk of
 * the default language (zh-CN), which the app loads before it renders. Each file is requested
 * from the running server (in this process) three times, accepting nothing, gzip and br, and
 * the body's bytes on the wire are counted. Budget: 300 KB gzip (br, which browsers ask for over
 * HTTPS, comes out smaller). Run after `npm run build -w @storecast/web`, which also writes the
 * .br and .gz beside each file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { measureFiles, startServer } from './support/fetch-wire-size.ts';

const TARGET_KB = 300;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]!);
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
const language = manifest['src/locales/zh-CN/bundle.ts'];
if (!language) throw new Error('no zh-CN language chunk in the build manifest');
for (const f of [language.file, ...(language.imports ?? []).map((k) => manifest[k]!.file)]) {
  if (!files.includes(`/${f}`)) files.push(`/${f}`);
}
const server = await startServer(dist);
const total = await measureFiles(server.base, files);
await server.close();
const kb = (n: number) => (n / 1024).toFixed(1);
console.log(`web-first-load: ${kb(total.gzip)} KB gzip, ${kb(total.br)} KB br, ${kb(total.identity)} KB uncompressed on the wire in ${files.length} files (target <= ${TARGET_KB} KB gzip)`);
