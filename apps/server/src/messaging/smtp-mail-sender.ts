import nodemailer from 'nodemailer';
import { MailSendError, type MailSender } from './mail-sender.ts';

/**
 * Headers the DKIM signature covers: nodemailer's RFC 4871 list plus List-Unsubscribe-Post,
 * which RFC 8058 section 4 requires to be signed along with List-Unsubscribe (nodemailer's
 * default list omits it).
 */
export const DKIM_SIGNED_HEADERS = 'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:'
  + 'Content-Transfer-Encoding:In-Reply-To:References:List-Id:List-Unsubscribe:List-Unsubscribe-Post:Feedback-ID';

/**
 * Sends through SMTP with nodemailer's pooled transport (a few long-lived connections instead
 * of one per message). `SMTP_URL` looks like `smtp://user:pass@host:587` or `smtps://…:465`;
 * `?pool=5` sets the number of connections.
 */
export function smtpMailSender(url: string): MailSender {
  const parsed = new URL(url);
  const maxConnections = Number(parsed.searchParams.get('pool') ?? 5);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections,
    maxMessages: Infinity,
    host: parsed.hostname,
    port: Number(parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)),
    secure: parsed.protocol === 'smtps:',
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    // Loopback and private relays often have no certificate for their name.
    tls: { rejectUnauthorized: parsed.searchParams.get('tls_verify') !== 'false' },
  });
  return {
    name: 'smtp',
    async send(mail) {
      try {
        const info = await transport.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: mail.headers,
          envelope: { from: mail.envelopeFrom ?? mail.from.address, to: mail.to },
          dkim: mail.dkim ? { ...mail.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } : undefined,
        });
        return { messageId: info.messageId };
      } catch (err) {
        const e = err as { responseCode?: number; message?: string };
        // 5xx is the receiving server's final word on this address; anything else may pass later.
        const code = e.responseCode;
        throw new MailSendError(e.message ?? 'SMTP error', code !== undefined && code >= 500 && code < 600, code);
      }
    },
    async close() {
      transport.close();
    },
  };
}
