import type { STOREFRONT_EVENT_TYPES } from '@storecast/contract';

export type StorefrontEventType = (typeof STOREFRONT_EVENT_TYPES)[number];

/** One shopper event as the events route takes it. */
export interface StorefrontEvent {
  type: StorefrontEventType;
  at: number;
  url: string;
  subject?: string;
  properties?: Record<string, string | number | boolean | null>;
}
