import { billingRoutes, type PaymentResult } from '@storecast/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client.ts';
import { isApiError } from '../../shared/api/api-error.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { loadStripe } from './load-stripe.ts';
import { PAYMENT_AFFECTS, usePaymentConfig } from './page-queries.ts';

/** How often and how long to ask where a payment stands after the bank's check. */
const POLL_MS = 1_000;
const POLL_LIMIT = 60;

export type PayOutcome = { status: 'succeeded' } | { status: 'failed'; message: string } | { status: 'pending'; message: string };

const settled = (r: PaymentResult) => r.status === 'succeeded' || r.status === 'failed';
const nextTick = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

/**
 * One way to pay for packs, memberships and upgrades: start the purchase, let the bank run 3-D
 * Secure in the provider's dialog when it asks for it, then ask the server where the payment
 * stands until it has settled (the server settles from the provider's answer or its webhook).
 * On success every figure a payment changes is refreshed.
 */
export function usePay() {
  const { t } = useTranslation();
  const cache = useApiCache();
  const config = usePaymentConfig();
  const [paying, setPaying] = useState(false);
  const [waiting, setWaiting] = useState(false);

  const untilSettled = async (first: PaymentResult): Promise<PaymentResult> => {
    let result = first;
    for (let i = 0; i < POLL_LIMIT && !settled(result); i++) {
      await nextTick();
      result = await call(billingRoutes.paymentStatus, { query: { payment_id: result.payment_id } });
    }
    return result;
  };

  const withBank = async (result: PaymentResult): Promise<PaymentResult | PayOutcome> => {
    if (result.status !== 'requires_action') return result;
    const cfg = config.data;
    if (!cfg?.configured) return { status: 'failed', message: t('billingPages.notConfigured') };
    const stripe = await loadStripe(cfg.js_url, cfg.publishable_key);
    const { error } = await stripe.confirmCardPayment(result.client_secret);
    if (error) return { status: 'failed', message: error.message || t('billingPages.pay.failed') };
    return result;
  };

  const pay = async (start: () => Promise<PaymentResult>): Promise<PayOutcome> => {
    setPaying(true);
    try {
      const started = await withBank(await start());
      if (!('payment_id' in started)) return started;
      setWaiting(true);
      const result = await untilSettled(started);
      if (result.status === 'failed') return { status: 'failed', message: result.message || t('billingPages.pay.failed') };
      if (result.status !== 'succeeded') return { status: 'pending', message: t('billingPages.pay.stillPending') };
      await cache.invalidate(...PAYMENT_AFFECTS);
      toastSuccess(t('billingPages.pay.succeeded'));
      return { status: 'succeeded' };
    } catch (e) {
      // The client has already shown an API error; a script that would not load has not.
      return { status: 'failed', message: isApiError(e) ? e.message : t('billingPages.card.loadFailed') };
    } finally {
      setPaying(false);
      setWaiting(false);
    }
  };

  return { pay, paying, waiting };
}
