import { billingRoutes } from '@storecast/contract';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/api/client.ts';
import { isApiError } from '../../shared/api/api-error.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { loadStripe, type StripeCardElement, type StripeJs } from './load-stripe.ts';

interface Ready {
  stripe: StripeJs;
  card: StripeCardElement;
  clientSecret: string;
}

/**
 * The payment provider's own card field, mounted here. Saving confirms the setup with the
 * provider from the browser; our server then only learns which setup finished, and keeps the
 * card's brand, last four digits and expiry.
 */
export function CardForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const cache = useApiCache();
  const mountRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<Ready | null>(null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let gone = false;
    let card: StripeCardElement | null = null;
    (async () => {
      const intent = await call(billingRoutes.getSetupIntent);
      const stripe = await loadStripe(intent.js_url, intent.publishable_key);
      if (gone || !mountRef.current) return;
      card = stripe.elements().create('card');
      card.mount(mountRef.current);
      setReady({ stripe, card, clientSecret: intent.client_secret });
    })().catch((e: unknown) => {
      if (!gone) setError(isApiError(e) ? e.message : t('billingPages.card.loadFailed'));
    });
    return () => {
      gone = true;
      card?.destroy();
    };
  }, [t]);

  const save = async () => {
    if (!ready) return;
    setSaving(true);
    setError('');
    try {
      const { setupIntent, error: refused } = await ready.stripe.confirmCardSetup(ready.clientSecret, { payment_method: { card: ready.card } });
      if (refused || !setupIntent) {
        setError(refused?.message || t('billingPages.pay.failed'));
        return;
      }
      const saved = await call(billingRoutes.setPaymentMethod, { body: { setup_intent_id: setupIntent.id } });
      cache.set(billingRoutes.getPaymentMethod, undefined, saved);
      toastSuccess(t('billingPages.card.saved'));
      onDone();
    } catch (e) {
      setError(isApiError(e) ? e.message : t('billingPages.pay.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 480 }} data-testid="card-form">
      <Typography.Text type="secondary">{t('billingPages.card.hint')}</Typography.Text>
      {!ready && !error && <Spin />}
      <div ref={mountRef} style={{ padding: '10px 12px', border: '1px solid rgba(5, 5, 5, 0.15)', borderRadius: 6, display: ready ? 'block' : 'none' }} />
      {error && <Alert type="error" showIcon title={error} data-testid="card-error" />}
      <Space>
        <Button type="primary" loading={saving} disabled={!ready} onClick={() => void save()} data-testid="card-save">
          {t('billingPages.card.save')}
        </Button>
        <Button disabled={saving} onClick={onDone} data-testid="card-cancel">{t('billingPages.card.cancel')}</Button>
      </Space>
    </Space>
  );
}
