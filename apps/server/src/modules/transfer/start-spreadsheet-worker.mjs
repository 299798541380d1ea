// Entry of the spreadsheet worker thread. A worker starts without the TypeScript loader the
// server runs under, so it registers it before loading the worker's code.
import { register } from 'tsx/esm/api';

register();
await import('./parse-spreadsheet-worker.ts');
