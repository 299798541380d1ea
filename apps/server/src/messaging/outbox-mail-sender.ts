import { randomUUID } from 'node:crypto';
import { type DbHandle, outboxMessages } from '@storecast/db';
import type { MailSender } from './mail-sender.ts';

/**
 * Keeps mail in the outbox table instead of sending it, so the embedded default never sends
 * anything by surprise; the admin can open the outbox to read what would have gone out.
 */
export function outboxMailSender(dbh: DbHandle): MailSender {
  return {
    name: 'outbox',
    async send(mail) {
      const messageId = `<${randomUUID()}@outbox.storecast>`;
      await dbh.db.insert(outboxMessages).values({
        channel: 'email',
        recipient: mail.to,
        subject: mail.subject,
        body: mail.html,
        shopId: mail.shopId ?? null,
        meta: { ...mail.meta, messageId, from: mail.from, text: mail.text, headers: mail.headers ?? {} },
      });
      return { messageId };
    },
    async close() {},
  };
}
