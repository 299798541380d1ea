/**
 * The payment provider's browser script (Stripe.js), loaded from the URL the server's payment
 * config names. Only the few calls the billing pages make are typed here. The card number is
 * typed into the provider's own element and sent by its script straight to the provider.
 */
export interface StripeError {
  message?: string;
}

export interface StripeCardElement {
  mount(el: HTMLElement): void;
  destroy(): void;
}

export interface StripeJs {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  confirmCardSetup(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ): Promise<{ setupIntent?: { id: string; status: string }; error?: StripeError }>;
  confirmCardPayment(clientSecret: string): Promise<{ paymentIntent?: { id: string; status: string }; error?: StripeError }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const scripts = new Map<string, Promise<void>>();
const instances = new Map<string, StripeJs>();

/** Adds the script tag once per URL; a failed load may be tried again. */
function loadScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      if (window.Stripe) return resolve();
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(url);
        script.remove();
        reject(new Error(`could not load ${url}`));
      };
      document.head.appendChild(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

/** The provider's client for a publishable key, loading its script first when needed. */
export async function loadStripe(jsUrl: string, publishableKey: string): Promise<StripeJs> {
  await loadScript(jsUrl);
  if (!window.Stripe) throw new Error('payment script loaded without window.Stripe');
  let stripe = instances.get(publishableKey);
  if (!stripe) {
    stripe = window.Stripe(publishableKey);
    instances.set(publishableKey, stripe);
  }
  return stripe;
}
