/**
 * The storefront script every shop page loads (the script and the pop-up drawing in one file),
 * as the server sends it: `/storecast.js` requested from the running server (in this process)
 * accepting nothing, gzip and br, counting the body's bytes on the wire. Budget: 15 KB gzip.
 * Run after `npm run build -w @storecast/storefront` (the root script builds first).
 */
import path from 'node:path';
import { measureFiles, startServer } from './support/fetch-wire-size.ts';

const TARGET_KB = 15;
const server = await startServer(path.resolve(import.meta.dirname, '../apps/web/dist'));
const total = await measureFiles(server.base, ['/storecast.js']);
await server.close();
const kb = (n: number) => (n / 1024).toFixed(1);
console.log(`storefront-script: ${kb(total.gzip)} KB gzip, ${kb(total.br)} KB br, ${kb(total.identity)} KB uncompressed on the wire (target <= ${TARGET_KB} KB gzip)`);
if (total.gzip > TARGET_KB * 1024) process.exitCode = 1;
