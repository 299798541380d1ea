import { type DbHandle, outboxMessages } from '@storecast/db';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './sms-sender.ts';

/**
 * Keeps SMS in the outbox table instead of sending it, and logs it, so someone trying the
 * product on its embedded defaults can read their sign-in code in the server log.
 */
export function outboxSmsSender(dbh: DbHandle, log?: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  return {
    name: 'outbox',
    async send({ to, text, shopId = null, meta = {} }) {
      await dbh.db.insert(outboxMessages).values({ channel: 'sms', recipient: to, body: text, shopId, meta });
      log?.info({ to, text }, 'SMS kept in the local outbox');
      // No provider, so no status will ever be reported for it.
      return { id: null };
    },
  };
}
