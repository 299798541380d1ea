import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { flowsJob } from '../flows-job.ts';

/**
 * A worker process running only the flow runtime, for the fault test: started on the test's
 * database and killed with SIGKILL. (The full worker's job list is the composition root's.)
 */
const { app, deps } = await buildApp(loadConfig());
await flowsJob.start(deps, app.log);
