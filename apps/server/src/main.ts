import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { listConfigWarnings } from './list-config-warnings.ts';
import { startWorker } from './start-worker.ts';

/** Starts the API, the worker, or both (ROLE=all, the default), on one database. */
const config = loadConfig();
const { app, deps, close } = await buildApp(config);
for (const warning of listConfigWarnings(config)) app.log.warn(warning);
const stopWorker = config.role !== 'api' ? await startWorker(deps, app.log) : async () => {};
if (config.role !== 'worker') {
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Storecast is running at ${config.publicUrl} (database: ${deps.dbh.kind})`);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await stopWorker();
    await close();
    process.exit(0);
  });
}
