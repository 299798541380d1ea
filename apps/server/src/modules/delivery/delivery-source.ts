import type { LinkHooks, PersonalizedEmail, Recipient } from '@storecast/email';
import type { Deps } from '../../deps.ts';
import type { SendingIdentity } from '../sender/index.ts';

/**
 * How a feature that sends plugs into the delivery engine. The engine owns the deliveries (one
 * row per recipient of a send), their claim, sending, outcomes, tracking, feedback and numbers;
 * it knows no feature. A feature (Segment Send today; a flow step, an Element Send, a campaign,
 * a confirmation mail next) is a *source*: it records its recipients with `addRecipients`,
 * wakes the engine with `queueDelivery(deps, kind, sendId)`, and answers the engine's questions
 * about its sends here. A send is named by its source's own id (`sendId`).
 *
 * One source serves one channel: `email` or `sms`. Both go through the same claim, retries,
 * volume and outcomes; each has its own plan and sender.
 */
export type DeliveryChannel = 'email' | 'sms';

/** What one recipient's mail needs from the source, loaded once per send and kept while it runs. */
export interface EmailPlan {
  channel: 'email';
  shopId: string;
  sendId: string;
  /** The verified sender the mail goes out as (DKIM key, return path for VERP bounces). */
  identity: SendingIdentity;
  /**
   * The personalised mail; the engine passes its tracking URLs (`links[i]` becomes `linkUrl(i)`)
   * and the delivery's `variant` (null unless its source recorded one, as an Element Send records
   * each shopper's product slot): a source with one e-mail ignores it.
   */
  render(recipient: Recipient, hooks: LinkHooks, variant: number | null): PersonalizedEmail;
  /** The content's links, in the order `render` numbers them; recorded once per send (recordSendLinks). */
  links: readonly string[];
  /**
   * Marketing mail carries RFC 8058 List-Unsubscribe headers (and the one-click link); a mail
   * the recipient asked for (a confirmation) may go without.
   */
  listUnsubscribe: boolean;
}

/**
 * What one recipient's text needs. The engine sends deliveries with `channel = 'sms'` and a
 * `phone`, and spends each delivery's `units` (held when it was recorded: see `smsUnits`).
 */
export interface SmsPlan {
  channel: 'sms';
  shopId: string;
  sendId: string;
  /** The personalised text, links as written; the engine shortens the recorded ones. */
  render(recipient: Recipient): { text: string };
  /**
   * The text's links in order (`findSmsLinks` of the template), recorded once per send with
   * `recordSendLinks`: the only targets its short links may lead to.
   */
  links: readonly string[];
}

export type SendPlan = EmailPlan | SmsPlan;

/** What the engine tells a source about one of its sends. */
export type DeliveryEvent =
  /** Nothing left to send or retry: every delivery has its outcome. */
  | { type: 'completed' }
  /** The send cannot go on (sender no longer verified, content broken): `reason` is a message key. */
  | { type: 'failed'; reason: string };

export interface DeliverySource {
  /** Stable name, carried by queued jobs: 'segment-send', 'flow-step', … */
  kind: string;
  channel: DeliveryChannel;
  /**
   * Cheap, read each time a worker takes the send up: its store and a version that changes when
   * the send is restarted (so a cached plan is reloaded). Null when it is not sending any more
   * (stopped, completed, deleted): the engine leaves it.
   */
  state(deps: Deps, sendId: string): Promise<{ shopId: string; version: string } | null>;
  /**
   * The send's plan, loaded once per send and version and kept by the engine while it works.
   * Throwing an AppError fails the send (the source hears `failed` with its key).
   */
  load(deps: Deps, sendId: string): Promise<SendPlan>;
  /** Sends of this source currently sending, so a starting worker wakes each (crash recovery). */
  listSending(deps: Deps): Promise<string[]>;
  /**
   * SQL over the source's own record, used inside the engine's statements so a stop and a claim
   * cannot miss each other. Each takes the SQL expression naming the send id (a parameter or a
   * column) and returns a boolean expression. A `sends` table owning the deliveries' foreign key
   * and the state would replace this seam, should the sources ever share one record.
   */
  sql: {
    /** The send exists and is sending. */
    isSending(sendIdExpr: string): string;
    /** The send exists and has ended (stopped, failed or completed): its stale claims are cancelled. */
    hasEnded(sendIdExpr: string): string;
  };
  /** Lifecycle: the source updates its own record. Called once per event by the worker that saw it. */
  onEvent(deps: Deps, sendId: string, event: DeliveryEvent): Promise<void>;
}
