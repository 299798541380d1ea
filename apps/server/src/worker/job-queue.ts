import type { DbHandle } from '@storecast/db';
import PgBoss from 'pg-boss';

/**
 * The Postgres-backed job queue (pg-boss). On PostgreSQL it keeps its own small pool on the same
 * database; on PGlite, which has one in-process connection, it runs its SQL through the shared
 * client (`executeSql`), so the queue's tables live beside the app's in the same data directory.
 *
 * The queue starts lazily on first use: an API process that never sends a job (and most test
 * files) does not pay for the queue's schema check.
 */
export interface JobQueue {
  /**
   * Queues a job; `queue` must have been declared with `declare`. With a `singletonKey` a
   * duplicate the queue's policy refuses resolves to null instead of throwing.
   */
  send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Creates the queue if missing (idempotent) with its retry and expiry policy. */
  declare(queue: string, options?: Omit<PgBoss.Queue, 'name'>): Promise<void>;
  work<T extends object>(queue: string, handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>): Promise<void>;
  /** Raw queue state for recovery sweeps: the live (created, retry, active) jobs of a queue. */
  liveJobData(queue: string): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  databaseUrl?: string;
  /** Seconds between polls for new jobs (pg-boss' minimum is 0.5). */
  pollingIntervalSeconds?: number;
}

export function openJobQueue(dbh: DbHandle, opts: JobQueueOptions): JobQueue {
  let starting: Promise<PgBoss> | null = null;
  const declared = new Set<string>();
  let declaring: Promise<void> = Promise.resolve();
  // Workers of this process by queue, woken right after a send so a job queued here starts at
  // once instead of at the next poll.
  const localWorkers = new Map<string, string[]>();
  const polling = opts.pollingIntervalSeconds ?? 2;

  const start = () => {
    starting ??= (async () => {
      const b = opts.databaseUrl
        ? new PgBoss({ connectionString: opts.databaseUrl, max: 3, schedule: false })
        : new PgBoss({ db: { executeSql: (text, values) => dbh.query(text, values) }, schedule: false });
      // Errors of its background loops (maintenance, polling) are reported here, not thrown.
      b.on('error', () => {});
      await b.start();
      return b;
    })();
    return starting;
  };

  return {
    declare(queue, options = {}) {
      // One at a time: pg-boss' queue creation takes locks that deadlock when run side by side.
      declaring = declaring.catch(() => {}).then(async () => {
        const b = await start();
        if (declared.has(queue)) return;
        if (!(await b.getQueue(queue))) await b.createQueue(queue, { name: queue, ...options });
        declared.add(queue);
      });
      return declaring;
    },
    async send(queue, data, options) {
      const b = await start();
      const id = await b.send(queue, data, options ?? {});
      if (!id && !options?.singletonKey) throw new Error(`queue ${queue} refused a job`);
      for (const w of localWorkers.get(queue) ?? []) b.notifyWorker(w);
      return id;
    },
    async work<T extends object>(queue: string, handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>) {
      const b = await start();
      const id = await b.work<T>(queue, { includeMetadata: true, pollingIntervalSeconds: polling, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job);
      });
      localWorkers.set(queue, [...(localWorkers.get(queue) ?? []), id]);
    },
    async liveJobData(queue) {
      await start();
      const { rows } = await dbh.query<{ data: Record<string, unknown> }>(
        `select data from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`,
        [queue],
      );
      return rows.map((r) => r.data);
    },
    async stop() {
      if (!starting) return;
      const b = await starting.catch(() => null);
      await b?.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
