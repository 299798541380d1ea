import { randomUUID } from 'node:crypto';
import { type DbHandle, outboxMessages } from '@storecast/db';
import type { FastifyBaseLogger } from 'fastify';
import type { MailSender } from './mail-sender.ts';

/**
 * The product's own mail whose link someone trying the embedded default needs: invitations and
 * sender confirmations. Their link is logged like the sign-up code; store mail to subscribers
 * (double opt-in links among it) never is.
 */
const LOGGED_LINKS = new Map<unknown, string>([
  ['manager-invite', 'invitation mail kept in the local outbox'],
  ['sender-verification', 'sender confirmation mail kept in the local outbox'],
]);

/**
 * Keeps mail in the outbox table instead of sending it, so the embedded default never sends
 * anything by surprise; the admin can open the outbox to read what would have gone out.
 */
export function outboxMailSender(dbh: DbHandle, log?: Pick<FastifyBaseLogger, 'info'>): MailSender {
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
      const logged = LOGGED_LINKS.get(mail.meta?.kind);
      if (logged && typeof mail.meta?.link === 'string') log?.info({ to: mail.to, link: mail.meta.link }, logged);
      return { messageId };
    },
    async close() {},
  };
}
