import type { Deps } from '../../deps.ts';
import type { Job } from '../../job.ts';
import { queueDelivery } from '../delivery/index.ts';
import { advanceDueRuns } from './advance-due-runs.ts';
import { enterDailyFlows } from './enter-daily-flows.ts';
import { FLOW_EMAIL, FLOW_SMS } from './flow-source-kinds.ts';
import { reviewAiManagedStores } from './review-ai-managed-stores.ts';

/** The longest a due run waits for a worker to notice it. */
const POLL_MS = 400;
const MIN_SLEEP_MS = 50;
/** How often the daily flows (win-back, birthday) are scanned; their trigger keys make repeats harmless. */
const DAILY_SCAN_MS = 15 * 60_000;
/** How often deliveries a crashed worker wrote but never woke the engine for are looked for. */
const WAKE_CHECK_MS = 60_000;

/**
 * The flow runtime on a worker: advances due runs batch after batch while a batch comes back
 * full, else sleeps until the next due run or the poll interval, whichever is sooner, so a run
 * is taken up within half a second of falling due. Any number of workers share the work
 * (FOR UPDATE SKIP LOCKED); a dead worker's batch rolls back and is due again at once.
 */
export const flowsJob: Job = {
  name: 'flows',
  async start(deps, log) {
    let stopped = false;
    let wakeSleep: () => void = () => {};
    let lastDaily = 0;
    // AI management's review runs once a UTC day per worker (and at start); repeats change nothing.
    let reviewedDay = '';
    let lastWake = Date.now();
    const sleep = (ms: number) => new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      wakeSleep = () => {
        clearTimeout(t);
        resolve();
      };
    });
    const loop = (async () => {
      while (!stopped) {
        try {
          if (Date.now() - lastDaily >= DAILY_SCAN_MS) {
            lastDaily = Date.now();
            const n = await enterDailyFlows(deps, new Date());
            if (n > 0) log.info({ entered: n }, 'daily flows entered');
          }
          const today = new Date().toISOString().slice(0, 10);
          if (today !== reviewedDay) {
            reviewedDay = today;
            await reviewAiManagedStores(deps, new Date(), log);
          }
          if (Date.now() - lastWake >= WAKE_CHECK_MS) {
            lastWake = Date.now();
            await wakeStrandedDeliveries(deps);
          }
          const limit = 200;
          const r = await advanceDueRuns(deps, { limit });
          if (r.claimed === limit) continue;
          await sleep(await msUntilNextDue(deps));
        } catch (err) {
          if (stopped) break;
          log.error({ err }, 'advancing flow runs failed, will retry');
          await sleep(1000);
        }
      }
    })();
    return async () => {
      stopped = true;
      wakeSleep();
      await loop;
    };
  },
};

async function msUntilNextDue(deps: Deps): Promise<number> {
  const { rows } = await deps.dbh.query<{ due_at: Date | string }>(
    `select due_at from flow_runs where status = 'active' order by due_at limit 1`,
  );
  if (!rows[0]) return POLL_MS;
  // A due run another worker holds is not ours to spin on: look again shortly.
  return Math.max(MIN_SLEEP_MS, Math.min(POLL_MS, new Date(rows[0].due_at).getTime() - Date.now()));
}

/**
 * Deliveries are committed before their deliver job is queued; a worker dying between the two
 * leaves them queued with nobody told. Steps whose deliveries have waited a while are woken
 * again (one job per step at most: the queue's singleton key).
 */
async function wakeStrandedDeliveries(deps: Deps) {
  const { rows } = await deps.dbh.query<{ id: string; channel: string }>(
    `select fs.id, fs.type as channel from flow_steps fs join flows f on f.id = fs.flow_id
     where f.status = 'on' and fs.type in ('email', 'sms')
       and exists (select 1 from deliveries d where d.strategy_id = fs.id and d.status = 'queued' and d.next_attempt_at < now() - interval '1 minute')`,
  );
  for (const r of rows) await queueDelivery(deps, r.channel === 'sms' ? FLOW_SMS : FLOW_EMAIL, r.id);
}
