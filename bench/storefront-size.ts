/**
 * The storefront script every shop page loads: the gzip size of `apps/storefront/dist/storecast.js`
 * (the script and the pop-up drawing in one file). Budget: 15 KB.
 * Run after `npm run build -w @storecast/storefront` (the root script builds first).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TARGET_KB = 15;
const file = path.resolve(import.meta.dirname, '../apps/storefront/dist/storecast.js');
const raw = readFileSync(file);
const gzip = gzipSync(raw, { level: 9 }).length;
console.log(`${(raw.length / 1024).toFixed(1).padStart(7)} KB  storecast.js (minified)`);
console.log(`storefront-script: ${(gzip / 1024).toFixed(1)} KB gzip (target <= ${TARGET_KB} KB)`);
if (gzip > TARGET_KB * 1024) process.exitCode = 1;
