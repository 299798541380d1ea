/** One text message to send. */
export interface OutgoingSms {
  /** E.164 number. */
  to: string;
  text: string;
  shopId?: string | null;
  /** Where the provider reports the message's fate; the sender's default when absent. */
  statusCallback?: string;
  meta?: Record<string, unknown>;
}

/** Sends one text message. Providers (a Twilio-compatible HTTP API, the local outbox) implement it. */
export interface SmsSender {
  readonly name: string;
  /** Resolves with the provider's message id (null when the provider gives none, as the outbox). */
  send(message: OutgoingSms): Promise<{ id: string | null }>;
}

/**
 * A send the provider refused or could not take. `permanent`: sending it again cannot succeed
 * (an invalid number, a recipient who opted out at the carrier); otherwise (rate limit, provider
 * error, time-out) the engine retries later. `optedOut`: the provider knows the number said STOP.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly providerCode?: number,
    readonly optedOut = false,
  ) {
    super(message);
  }
}
