export * from './accounts.ts';
export * from './shops.ts';
export * from './billing.ts';
export * from './outbox.ts';
export * from './audience.ts';
export * from './brand.ts';
export * from './sender.ts';
export * from './sending.ts';
