import type { DbHandle } from '@storecast/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { outboxSmsSender } from './outbox-sms-sender.ts';
import type { SmsSender } from './sms-sender.ts';
import { twilioSmsSender } from './twilio-sms-sender.ts';

/** The provider when `SMS_URL` is set, else the local outbox. */
export function pickSmsSender(config: Config, dbh: DbHandle, log?: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  const { sms } = config;
  if (!config.smsUrl) return outboxSmsSender(dbh, log);
  return twilioSmsSender(
    { url: config.smsUrl, accountSid: sms.accountSid, authToken: sms.authToken, from: sms.from, timeoutMs: sms.timeoutMs },
    `${config.publicUrl}/api/public/sms/status`,
  );
}
