/** What other modules use of billing: a new store's allowance and the volume a send reserves and spends. */
export { billingRoutes } from './routes.ts';
export { grantStarterAllowance } from './grant-starter-allowance.ts';
export { reserveVolume, spendVolume, releaseVolume } from './sending-volume.ts';
export { checkAvailableVolume } from './available-volume.ts';
