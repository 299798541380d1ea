/** What other modules use of billing: a new store's allowance, the volume a send reserves and spends, membership and the billing jobs. */
export { billingRoutes } from './routes.ts';
export { grantStarterAllowance } from './grant-starter-allowance.ts';
export { reserveVolume, spendVolume, releaseVolume } from './sending-volume.ts';
export { checkAvailableVolume } from './available-volume.ts';
export { readEffectiveLevel } from './read-vip-state.ts';
export { renewalJob } from './payments/renewal-job.ts';
export { expiryJob } from './offers/expiry-job.ts';
export { invoicePdfJob } from './invoices/invoice-pdf-job.ts';
