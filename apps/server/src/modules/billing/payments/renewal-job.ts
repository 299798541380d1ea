import type { Job } from '../../../job.ts';
import { startPollingLoop } from '../../../worker/polling-loop.ts';
import { runRenewals } from './run-renewals.ts';

/** How often the job looks for renewals due; they are due days ahead, so minutes are plenty. */
const PERIOD_MS = 5 * 60_000;

/**
 * Charges auto-renewals a few days before a pack or a membership term ends (`runRenewals` is
 * one pass; tests call it directly with a chosen `now`).
 */
export function renewalJobEvery(periodMs: number): Job {
  return {
    name: 'billing-renewal',
    async start(deps, log) {
      return startPollingLoop({ pass: () => runRenewals(deps).then(() => undefined), periodMs, what: 'auto-renewal pass' }, log);
    },
  };
}

export const renewalJob: Job = renewalJobEvery(PERIOD_MS);
