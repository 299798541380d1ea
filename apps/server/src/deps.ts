import type { DbHandle } from '@storecast/db';
import type { Config } from './config.ts';
import type { MailSender } from './messaging/mail-sender.ts';
import type { SmsSender } from './messaging/sms-sender.ts';
import type { JobQueue } from './worker/job-queue.ts';

/** What every module's services need, built once at start and passed down. */
export interface Deps {
  config: Config;
  dbh: DbHandle;
  sms: SmsSender;
  /** SMTP when `SMTP_URL` is set, else the local outbox. */
  mail: MailSender;
  /** Background jobs (imports, exports, later sends); any role may queue, workers run them. */
  jobs: JobQueue;
}
