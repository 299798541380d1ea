/**
 * Admin first load: the gzip size of the JavaScript the browser fetches before the first
 * route's own chunk: the entry script and its modulepreloads in index.html, plus the chunk of
 * the default language (zh-CN), which the app loads before it renders. Budget: 300 KB.
 * Run after `npm run build -w @storecast/web`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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
let total = 0;
for (const f of files) {
  const size = gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${f}`);
}
console.log(`web-first-load: ${(total / 1024).toFixed(1)} KB gzip in ${files.length} files (target <= ${TARGET_KB} KB)`);
