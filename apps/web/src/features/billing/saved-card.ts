import type { billingRoutes, DataOf } from '@storecast/contract';

/** The saved card as the provider describes it: brand, last four digits, expiry; never the number. */
export type SavedCard = NonNullable<DataOf<typeof billingRoutes.getPaymentMethod>>;
