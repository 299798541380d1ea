/** A DKIM key to sign one message with: the store's verified sender domain. */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  /** PEM, PKCS#8 or PKCS#1. */
  privateKey: string;
}

export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe; they are signed like the rest when DKIM is on. */
  headers?: Record<string, string>;
  /** Return path (MAIL FROM); bounces come back here. Defaults to the From address. */
  envelopeFrom?: string;
  dkim?: DkimKey | null;
  /** Store the message belongs to (empty for account mail); the outbox keeps it. */
  shopId?: string | null;
  meta?: Record<string, unknown>;
}

/** Why a send failed, as the pipeline needs it: retry later, or give up on this address. */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode?: number,
  ) {
    super(message);
  }
}

/** Hands one message to a transport: SMTP, or the local outbox when none is configured. */
export interface MailSender {
  readonly name: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): Promise<void>;
}
