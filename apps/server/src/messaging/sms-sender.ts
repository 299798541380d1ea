/** Sends one text message. Providers (a Twilio-compatible HTTP API, the local outbox) implement it. */
export interface SmsSender {
  readonly name: string;
  send(message: { to: string; text: string; shopId?: string | null; meta?: Record<string, unknown> }): Promise<void>;
}
