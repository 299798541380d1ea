import type { Job } from '../../../job.ts';
import { startPollingLoop } from '../../../worker/polling-loop.ts';
import { runExpiry } from './run-expiry.ts';

/** Packs and terms end on the minute; a pass a minute is soon enough and costs one indexed query when idle. */
const POLL_MS = 60_000;

/** Writes off what expired packs had left (`expire` ledger rows) and tells owners their membership term ended. */
export const expiryJob: Job = {
  name: 'billing-expiry',
  async start(deps, log) {
    return startPollingLoop({ pass: () => runExpiry(deps).then(() => undefined), periodMs: POLL_MS, what: 'billing expiry pass' }, log);
  },
};
export { runExpiry } from './run-expiry.ts';
