import { allowParams, checkClientSecret, requireSecretKey, type HandlerContext } from './fake-stripe-context.ts';
import type { StripeObject } from './fake-stripe-store.ts';

/** What a kind of intent (payment or setup) does where the two differ. */
export interface IntentKind {
  confirmParams: string[];
  confirm(ctx: HandlerContext, intent: StripeObject): StripeObject;
  /** The fields a cancel sets, given the reason the caller sent, if any. */
  canceled(reason: string | undefined): Record<string, unknown>;
  finishThreeDS(ctx: HandlerContext, id: string, ok: boolean): StripeObject;
  unexpectedState(intent: StripeObject, verb: string): Error;
}

/**
 * `/v1/<intents>/:id[/action]`, answered alike by both kinds of intent: retrieve and confirm with
 * the client secret (Stripe.js) or the secret key, cancel with the secret key, and the fake's
 * private `_test_3ds` that its Stripe.js calls when the shopper finishes the bank's dialog.
 * Undefined for any other method or action, which the server answers as an unknown route.
 */
export function answerIntentAction(ctx: HandlerContext, intent: StripeObject, action: string | undefined, kind: IntentKind): StripeObject | undefined {
  if (ctx.method === 'GET' && !action) {
    allowParams(ctx, []);
    checkClientSecret(ctx, intent);
    return intent;
  }
  if (ctx.method !== 'POST') return undefined;
  if (action === 'confirm') {
    allowParams(ctx, kind.confirmParams);
    checkClientSecret(ctx, intent);
    return kind.confirm(ctx, intent);
  }
  if (action === 'cancel') {
    requireSecretKey(ctx);
    allowParams(ctx, ['cancellation_reason']);
    if (intent.status === 'succeeded' || intent.status === 'canceled') throw kind.unexpectedState(intent, 'cancel');
    return Object.assign(intent, { status: 'canceled', next_action: null, ...kind.canceled(ctx.params.str('cancellation_reason')) });
  }
  if (action === '_test_3ds') {
    allowParams(ctx, ['outcome']);
    checkClientSecret(ctx, intent);
    return kind.finishThreeDS(ctx, String(intent.id), ctx.params.str('outcome') !== 'fail');
  }
  return undefined;
}
